import { test } from "uvu";
import * as assert from "uvu/assert";
import { senderDomain } from "../../../cli/deploy/email-setup.ts";
import { workersDevHost } from "../../../cli/deploy/readiness.ts";

test("the mail domain is the sender address's, with or without a display name", () => {
  assert.is(senderDomain("Shop <hello@Mail.Example.com>"), "mail.example.com");
  assert.is(senderDomain("orders@example.com"), "example.com");
});

test("workers.dev hosts: the worker's own, and a version's preview (the version id's first 8 characters)", () => {
  assert.is(workersDevHost("shop", "acme"), "shop.acme.workers.dev");
  assert.is(workersDevHost("shop", "acme", "0f3c9a7e-1111-2222-3333-444455556666"), "0f3c9a7e-shop.acme.workers.dev");
});

test.run();
