import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { collectAssets } from "../../../cli/deploy/assets-upload.ts";
import { removeScratch, scratchDir } from "../../helpers/scratch.ts";

const dir = scratchDir("assets-upload");
test.after(() => removeScratch(dir));

test("_headers and _redirects at the root are rules for the upload's config, not files to serve; deeper ones are files", () => {
  mkdirSync(path.join(dir, "docs"), { recursive: true });
  writeFileSync(path.join(dir, "_headers"), "/*\n  X-Frame-Options: DENY\n");
  writeFileSync(path.join(dir, "_redirects"), "/old /new 301\n");
  writeFileSync(path.join(dir, ".assetsignore"), "");
  writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
  writeFileSync(path.join(dir, "docs", "_headers"), "served as a file\n");
  const assets = collectAssets(dir);
  assert.equal(Object.keys(assets.manifest).sort(), ["/docs/_headers", "/robots.txt"]);
  assert.equal(assets.rules, { headers: "/*\n  X-Frame-Options: DENY\n", redirects: "/old /new 301\n" });
});

test.run();
