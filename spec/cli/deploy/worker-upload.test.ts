import { test } from "uvu";
import * as assert from "uvu/assert";
import { uploadMetadata } from "../../../cli/deploy/worker-upload.ts";

const wrangler = {
  name: "shop",
  main: "index.mjs",
  compatibility_date: "2026-04-01",
  compatibility_flags: ["nodejs_compat"],
  limits: { cpu_ms: 50, subrequests: 100 },
  placement: { mode: "smart" },
  logpush: true,
  tail_consumers: [{ service: "log-sink" }],
  observability: { enabled: true, head_sampling_rate: 0.5 },
  version_metadata: { binding: "VERSION" },
  assets: { directory: "../client", binding: "ASSETS", html_handling: "drop-trailing-slash", not_found_handling: "404-page", run_worker_first: ["/api/*"] },
};
const rules = { headers: "/robots.txt\n  X-Robots: yes\n", redirects: "/old /new 301\n" };

test("a direct upload carries every field of wrangler.json the platform keeps, field by field", () => {
  const metadata = uploadMetadata({ wrangler, remoteSecrets: new Set(), assetsJwt: "jwt-1", assetRules: rules, message: "m" });
  assert.is(metadata.main_module, "index.mjs");
  assert.is(metadata.compatibility_date, "2026-04-01");
  assert.equal(metadata.compatibility_flags, ["nodejs_compat"]);
  assert.equal(metadata.limits, { cpu_ms: 50, subrequests: 100 });
  assert.equal(metadata.placement, { mode: "smart" });
  assert.is(metadata.logpush, true);
  assert.equal(metadata.tail_consumers, [{ service: "log-sink" }]);
  assert.equal(metadata.observability, { enabled: true, head_sampling_rate: 0.5 });
  assert.equal(metadata.bindings, [{ type: "assets", name: "ASSETS" }, { type: "version_metadata", name: "VERSION" }]);
  assert.equal(metadata.assets, {
    jwt: "jwt-1",
    config: { _headers: rules.headers, _redirects: rules.redirects, html_handling: "drop-trailing-slash", not_found_handling: "404-page", run_worker_first: ["/api/*"] },
  });
});

test("a version upload leaves the script's own settings to the settings call, and keeps placement", () => {
  const metadata = uploadMetadata({ wrangler, remoteSecrets: new Set(), message: "m", version: true });
  assert.equal(metadata.placement, { mode: "smart" });
  for (const key of ["logpush", "tail_consumers", "observability"]) assert.not.ok(key in metadata, key);
});

test("fields the config does not set stay out of the metadata", () => {
  const metadata = uploadMetadata({ wrangler: { compatibility_date: "2026-04-01" }, remoteSecrets: new Set(), message: "m" });
  for (const key of ["placement", "logpush", "tail_consumers", "observability", "limits", "assets"]) assert.not.ok(key in metadata, key);
});

test.run();
