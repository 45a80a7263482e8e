/**
 * Email in the generated app: email.ts and the worker's `email` export for `email/`, wrangler.json's
 * send_email for the SEND_EMAIL binding (an authored `edge.send_email` wins), platform.ts's default
 * sender, and the stand-in `sdk dev` and `sdk preview` put in the platform's place.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { miniflareOptions, type WranglerJson } from "../../cli/preview/miniflare-options.ts";
import { emitDevSources } from "../../emitters/dev.ts";
import { EMAIL_STAND_IN_WORKER } from "../../emitters/email-stand-in.ts";
import { emitTarget } from "../../emitters/emit.ts";
import { emitWranglerConfig } from "../../emitters/wrangler.ts";
import type { BindingIR, ImportIR } from "../../compiler/ir.ts";
import { irWith } from "../helpers/scan-ir.ts";

const email = [
  { file: "email/_default.ts", recipient: null },
  { file: "email/support.ts", recipient: "support" },
];
const jobs = { crons: [], queues: [], email, durableObjects: [], websockets: [] };
const sendBinding: BindingIR = { kind: "email", name: "SEND_EMAIL", source: "routes/send.ts:2:27" };
const sendImport: ImportIR = { file: "routes/send.ts", specifier: "sdk/email", line: 2, column: 27 };
const link = { projectRootFromGenerated: "../../..", defaultName: "shop" };

test("email/: a dispatch table of each file and the local part it answers, exported by the worker", () => {
  const files = emitTarget(irWith({ jobs }), link);
  const table = files.find((file) => file.path === "email.ts")!.content;
  assert.match(table, 'import { createEmailDispatch } from "sdk/runtime/jobs/email";');
  assert.match(table, 'import email1 from "../../../email/support.ts";');
  assert.match(table, '{ file: "email/_default.ts", recipient: null, handler: email0 },');
  assert.match(table, '{ file: "email/support.ts", recipient: "support", handler: email1 },');
  const worker = files.find((file) => file.path === "worker.ts")!.content;
  assert.match(worker, 'import { email } from "./email";');
  assert.match(worker, "createWorker(app, { assets, routing, email });");
  const without = emitTarget(irWith({}), link);
  assert.not.ok(without.some((file) => file.path === "email.ts"));
  assert.not.match(without.find((file) => file.path === "worker.ts")!.content, "email");
});

test("wrangler.json: send_email for the SEND_EMAIL binding; an authored edge.send_email replaces it", () => {
  assert.equal(emitWranglerConfig({ ir: irWith({ bindings: [sendBinding] }), defaultName: "shop" }).send_email, [{ name: "SEND_EMAIL" }]);
  assert.not.ok("send_email" in emitWranglerConfig({ ir: irWith({ jobs }), defaultName: "shop" }), "receiving needs no binding");
  const authored = [{ name: "SEND_EMAIL", allowed_destination_addresses: ["ops@example.com"] }];
  const ir = irWith({ bindings: [sendBinding], config: { edge: { send_email: authored } } });
  assert.equal(emitWranglerConfig({ ir, defaultName: "shop" }).send_email, authored);
});

test("platform.ts registers email.from as sdk/email's default sender, only for an app importing it", () => {
  const config = { email: { from: "Shop <noreply@shop.test>" } };
  const files = emitTarget(irWith({ bindings: [sendBinding], sdkImports: [sendImport], config }), link);
  const platform = files.find((file) => file.path === "platform.ts")!.content;
  assert.match(platform, 'import { registerDefaultSender } from "sdk/runtime/email/default-sender";');
  assert.match(platform, 'registerDefaultSender("Shop <noreply@shop.test>");');
  assert.match(files.find((file) => file.path === "app.ts")!.content, 'import "./platform";');
  const noFrom = emitTarget(irWith({ bindings: [sendBinding], sdkImports: [sendImport] }), link).find((file) => file.path === "platform.ts")!.content;
  assert.not.match(noFrom, "registerDefaultSender");
  assert.not.ok(emitTarget(irWith({ jobs, config }), link).some((file) => file.path === "platform.ts"), "no sdk/email, no platform module");
});

test("sdk dev: SEND_EMAIL becomes a service binding to the email stand-in, whose script is written beside", () => {
  const files = emitDevSources(irWith({ bindings: [sendBinding], sdkImports: [sendImport] }), { defaultName: "shop", envValues: {} });
  const wrangler = JSON.parse(files.find((file) => file.path === "wrangler.json")!.content);
  assert.not.ok("send_email" in wrangler, "the platform's binding would try to send");
  assert.equal(wrangler.services, [{ binding: "SEND_EMAIL", service: EMAIL_STAND_IN_WORKER }]);
  assert.match(files.find((file) => file.path === "email-stand-in.js")!.content, "export default class EmailStandIn extends WorkerEntrypoint");
});

test("sdk preview: the stand-in beside the app's worker, and handler triggers on for /cdn-cgi/handler/email", () => {
  const wrangler: WranglerJson = { name: "shop", main: "index.mjs", compatibility_date: "2026-04-01", send_email: [{ name: "SEND_EMAIL" }] };
  const options = miniflareOptions("/srv/dist/server", wrangler, { port: 8787, host: "127.0.0.1" }) as { unsafeTriggerHandlers: boolean; workers: { name: string; serviceBindings?: Record<string, string> }[] };
  assert.is(options.unsafeTriggerHandlers, true);
  assert.equal(options.workers.map((worker) => worker.name), ["shop", EMAIL_STAND_IN_WORKER]);
  assert.equal(options.workers[0]!.serviceBindings, { SEND_EMAIL: EMAIL_STAND_IN_WORKER });
});

test.run();
