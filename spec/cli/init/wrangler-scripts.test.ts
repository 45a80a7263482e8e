import { test } from "uvu";
import * as assert from "uvu/assert";
import { rewriteWranglerScripts } from "../../../cli/init/wrangler-scripts.ts";

test("wrangler's commands become sdk's, flags sdk has carried over, other scripts untouched", () => {
  const { scripts, rewritten, notes } = rewriteWranglerScripts({
    dev: "wrangler dev",
    start: "wrangler dev --port 8788 --local --ip=0.0.0.0",
    deploy: "npm run build && npx wrangler deploy",
    publish: "wrangler publish",
    types: "wrangler types",
    "db:local": "wrangler d1 migrations apply my-db --local",
    "db:remote": "wrangler d1 migrations apply my-db --remote",
    "db:list": "wrangler d1 migrations list my-db",
    test: "vitest",
  });
  assert.equal(scripts, {
    dev: "sdk dev",
    start: "sdk dev --port 8788 --host 0.0.0.0",
    deploy: "npm run build && npx sdk deploy",
    publish: "sdk deploy",
    types: "sdk prepare",
    "db:local": "sdk db migrate",
    "db:remote": "sdk db migrate --remote",
    "db:list": "sdk db status",
    test: "vitest",
  });
  assert.equal(rewritten[0], { script: "dev", from: "wrangler dev", to: "sdk dev" });
  assert.is(rewritten.length, 8);
  assert.equal(notes, []);
});

test("a wrangler command sdk has no equivalent for is kept and named", () => {
  const { scripts, rewritten, notes } = rewriteWranglerScripts({
    tail: "wrangler tail",
    staging: "wrangler deploy --env staging",
    both: "wrangler dev --remote; wrangler types",
  });
  assert.equal(scripts, { tail: "wrangler tail", staging: "wrangler deploy --env staging", both: "wrangler dev --remote; sdk prepare" });
  assert.equal(rewritten, [{ script: "both", from: "wrangler dev --remote; wrangler types", to: "wrangler dev --remote; sdk prepare" }]);
  assert.equal(notes.map((note) => note.split(" (")[0]), ["scripts.tail still runs wrangler", "scripts.staging still runs wrangler", "scripts.both still runs wrangler"]);
});

test.run();
