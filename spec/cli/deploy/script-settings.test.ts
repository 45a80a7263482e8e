import { test } from "uvu";
import * as assert from "uvu/assert";
import { scriptSettings } from "../../../cli/deploy/script-settings.ts";

test("the settings patch turns observability off unless the config turns it on, as wrangler's does", () => {
  assert.equal(scriptSettings({}, "patch"), { observability: { enabled: false } });
  assert.equal(scriptSettings({}, "upload"), {});
  assert.equal(scriptSettings({ logpush: false, tail_consumers: [], observability: { enabled: true } }, "patch"), { logpush: false, tail_consumers: [], observability: { enabled: true } });
});

test.run();
