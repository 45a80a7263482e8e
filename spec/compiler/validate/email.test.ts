/**
 * Email in the compiler: `email/` files are built with defineEmail(); the SEND_EMAIL binding comes
 * from an `sdk/email` import or `inference.bindings.email: true`, never from a name; `false`
 * turns email off, so an import or an `email/` file is an error; and email is edge-only.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { SdkConfig } from "../../../compiler/config/define.ts";
import { buildIR } from "../../../compiler/front-end.ts";
import type { Target } from "../../../compiler/ir.ts";
import { validateEmail } from "../../../compiler/validate/email.ts";
import { usesEmail } from "../../../emitters/email-module.ts";
import { brief, irWith } from "../../helpers/scan-ir.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const HANDLER = 'import { defineEmail } from "sdk";\nexport default defineEmail((message) => message.reject("no"));\n';
const SENDER = 'import { defineHandler } from "sdk";\nimport { sendEmail } from "sdk/email";\nexport const POST = defineHandler(() => sendEmail({ to: "a@example.com", subject: "x", text: "x" }));\n';

function irOf(files: Record<string, string>, config: SdkConfig = {}, target: Target = "edge") {
  const root = scratchDir("email-app");
  for (const [file, text] of Object.entries({ "routes/index.ts": 'import { defineHandler } from "sdk";\nexport const GET = defineHandler(() => "ok");\n', ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return buildIR(root, { config, target, mode: "production" });
}

test("an email/ file must default-export defineEmail(...): SDK_JOB_NO_DEFAULT, and it answers no address", () => {
  const ir = irOf({ "email/support.ts": "export default async function (message: unknown) {}\n", "email/_default.ts": HANDLER, "email/_notes.ts": "export const x = 1;\n" });
  assert.equal(ir.diagnostics.map(brief), ["error SDK_JOB_NO_DEFAULT email/support.ts:1:1"]);
  assert.match(ir.diagnostics[0]!.hint!, /export default defineEmail\(\.\.\.\)/);
  assert.equal(ir.jobs.email, [{ file: "email/_default.ts", recipient: null }]);
});

test("sdk/email gives the SEND_EMAIL binding, sourced at the import; email/ files alone need none", () => {
  const sending = irOf({ "routes/send.ts": SENDER });
  assert.equal(sending.diagnostics, []);
  assert.equal(sending.bindings, [{ kind: "email", name: "SEND_EMAIL", source: "routes/send.ts:2:27" }]);
  const receiving = irOf({ "email/support.ts": HANDLER });
  assert.equal([receiving.diagnostics, receiving.bindings], [[], []]);
  assert.ok(usesEmail(sending) && usesEmail(receiving), "both use email: dev keeps an inbox for them");
  assert.not.ok(usesEmail(irOf({})));
});

test("inference.bindings.email: true asks for the binding without an import; false turns email off", () => {
  assert.equal(irOf({}, { inference: { bindings: { email: true } } }).bindings, [{ kind: "email", name: "SEND_EMAIL", source: "inference.bindings.email" }]);
  const off = irOf({ "routes/send.ts": SENDER, "email/support.ts": HANDLER }, { inference: { bindings: { email: false } } });
  assert.equal(off.bindings, []);
  assert.equal(off.diagnostics.map(brief), ["error SDK_EMAIL_DISABLED email/support.ts:1:1", "error SDK_BINDING_DISABLED routes/send.ts:2:27"]);
  const disabled = off.diagnostics.find((d) => d.code === "SDK_BINDING_DISABLED")!;
  assert.is(disabled.message, '"sdk/email" is imported, but inference.bindings.email is false, so the worker has no email sending binding for it.');
  assert.is(disabled.hint, "Remove `email: false` from inference.bindings in sdk.config.ts, or remove the import.", "email takes no binding name");
  assert.not.ok(usesEmail(off));
});

test("email is edge-only: email/ files and sdk/email on another target are located errors", () => {
  const ir = irOf({ "routes/send.ts": SENDER, "email/support.ts": HANDLER }, {}, "node");
  assert.equal(ir.diagnostics.map(brief), ["error SDK_EMAIL_EDGE_ONLY email/support.ts:1:1", "error SDK_EDGE_ONLY_IMPORT routes/send.ts:2:27"]);
  assert.match(ir.diagnostics[0]!.hint!, /Build with target "edge"/);
  assert.not.ok(ir.diagnostics.some((d) => d.code === "SDK_MODULE_UNKNOWN"), "sdk/email is a module of this version");
});

test("two files for one recipient, differing only in case, are a conflict", () => {
  const jobs = { crons: [], queues: [], durableObjects: [], websockets: [], email: [{ file: "email/Support.ts", recipient: "Support" }, { file: "email/support.ts", recipient: "support" }, { file: "email/_default.ts", recipient: null }] };
  const diagnostics = validateEmail(irWith({ jobs }));
  assert.equal(diagnostics.map(brief), ["error SDK_EMAIL_RECIPIENT_CONFLICT email/support.ts:1:1"]);
  assert.match(diagnostics[0]!.message, /email\/Support\.ts and email\/support\.ts both answer support@/);
});

test.run();
