/**
 * An ejected edge app with `email/` carries the inbound runtime whole: postal-mime in its
 * package.json, the declarations of workerd's `cloudflare:email` for its type check, and a
 * Rollup config that leaves `cloudflare:*` to workerd.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { emitEjectedProject } from "../../emitters/eject.ts";
import { irWith } from "../helpers/scan-ir.ts";

test("email/ ejected: dispatch, MIME and cloudflare:email's declarations carried; postal-mime listed; cloudflare:* external", () => {
  const jobs = { crons: [], queues: [], email: [{ file: "email/support.ts", recipient: "support" }], durableObjects: [], websockets: [] };
  const files = emitEjectedProject({ ir: irWith({ jobs }), appPackage: {}, defaultName: "shop", appSources: [] });
  const paths = files.map((file) => file.path);
  for (const carried of ["runtime/jobs/email.ts", "runtime/email/dispatch.ts", "runtime/email/mime.ts", "runtime/email/inbound.ts", "runtime/email/cloudflare-email.d.ts"]) {
    assert.ok(paths.includes(carried), carried);
  }
  const pkg = JSON.parse(files.find((file) => file.path === "package.json")!.content);
  assert.ok(pkg.dependencies["postal-mime"], "postal-mime is a dependency");
  assert.not.ok(Object.keys(pkg.dependencies).some((name) => name.startsWith("cloudflare:")), "workerd's modules are no packages");
  assert.match(files.find((file) => file.path === "rollup.config.mjs")!.content, 'id.startsWith("cloudflare:")');
});

test.run();
