import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { UserError } from "../../../compiler/diagnostics.ts";
import { buildIR } from "../../../compiler/front-end.ts";
import { resolveProjectLayout } from "../../../compiler/scan/project.ts";
import { APP_MARKERS, validateAppPresent } from "../../../compiler/validate/app-present.ts";
import { brief } from "../../helpers/scan-ir.ts";
import { scratchDir } from "../../helpers/scratch.ts";

/** A scratch folder holding exactly `entries`: names ending in `/` are folders, others files. */
function folderWith(...entries: string[]): string {
  const root = scratchDir("app-present");
  for (const entry of entries) {
    if (entry.endsWith("/")) mkdirSync(path.join(root, entry), { recursive: true });
    else {
      mkdirSync(path.dirname(path.join(root, entry)), { recursive: true });
      writeFileSync(path.join(root, entry), "");
    }
  }
  return root;
}

const check = (root: string, appType: "sdk" | "static" | "spa" | "framework" = "sdk", config = {}) =>
  validateAppPresent(resolveProjectLayout(root, config).layout, appType);

test("an empty folder is no app: one error naming the folder and everything looked for", () => {
  const root = folderWith();
  const diagnostics = check(root);
  assert.equal(diagnostics.map(brief), ["error SDK_NO_APP -:-:-"]);
  assert.ok(diagnostics[0].message.includes(root), diagnostics[0].message);
  for (const marker of APP_MARKERS) assert.ok(diagnostics[0].message.includes(marker), `${marker} in ${diagnostics[0].message}`);
  assert.match(diagnostics[0].hint ?? "", "routes/api/hello.ts");
  assert.match(diagnostics[0].hint ?? "", "--root");
});

test("a folder that does not exist is no app, and the message says so", () => {
  const root = path.join(folderWith(), "missing");
  const [diagnostic] = check(root);
  assert.is(diagnostic.code, "SDK_NO_APP");
  assert.is(diagnostic.message, `no app found in ${root}: there is no such folder.`);
});

test("files that are no part of an app do not make one", () => {
  assert.equal(check(folderWith("README.md", "src/util.ts", ".sdk/ir.json")).map((d) => d.code), ["SDK_NO_APP"]);
});

test("any one convention, public/, package.json or sdk.config.ts makes an app", () => {
  assert.equal(APP_MARKERS, [
    "routes/", "pages/", "middleware/", "crons/", "queues/", "email/", "durable-objects/", "db/",
    "auth.ts", "env.ts", "public/", "package.json", "sdk.config.ts",
  ]);
  for (const marker of APP_MARKERS) assert.equal(check(folderWith(marker)), [], marker);
});

test("conventions under sourceDir make an app", () => {
  assert.equal(check(folderWith("app/routes/"), "sdk", { sourceDir: "app" }), []);
});

test("an app type detected from something else in the folder (static output, a framework) is an app", () => {
  for (const appType of ["static", "spa", "framework"] as const) assert.equal(check(folderWith("dist/index.html"), appType), [], appType);
});

test("the front end stops on an empty folder, before scanning anything", () => {
  const root = folderWith();
  try {
    buildIR(root, { config: {}, target: "node", mode: "production" });
    assert.unreachable("buildIR should throw");
  } catch (cause) {
    assert.instance(cause, UserError);
    assert.equal((cause as UserError).diagnostics.map((d) => d.code), ["SDK_NO_APP"]);
  }
});

test("the front end builds a folder whose static output is its whole app", () => {
  const ir = buildIR(folderWith("dist/index.html"), { config: {}, target: "node", mode: "production" });
  assert.is(ir.appType, "spa");
  assert.equal(ir.diagnostics, []);
});

test.run();
