/** The origin a Hyperdrive configuration is created with, split from the URL as wrangler's `--connection-string` is. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { hyperdriveOrigin } from "../../../cli/platform/hyperdrive.ts";

test("each part of the URL, percent-decoded, the scheme without its colon", () => {
  assert.equal(hyperdriveOrigin("postgresql://app%40prod:p%2Fss%3Aword@db.example.com:6543/my%20app?sslmode=require"), {
    scheme: "postgresql",
    host: "db.example.com",
    port: 6543,
    database: "my app",
    user: "app@prod",
    password: "p/ss:word",
  });
});

test("a missing port is the dialect's default", () => {
  assert.is(hyperdriveOrigin("postgres://u:p@db.example.com/app").port, 5432);
  assert.is(hyperdriveOrigin("mysql://u:p@db.example.com/app").port, 3306);
});

test.run();
