/** An ejected app with env.ts: public values replaced as the build replaces them, sdk/env and import.meta.env typed from server/env.d.ts. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { emitEjectedProject } from "../../emitters/eject.js";
import { ejectedEnv } from "../../emitters/eject-env.js";
import { irWith, scanFixture } from "../helpers/scan-ir.js";

const ENV = {
  file: "env.ts",
  keys: [
    { name: "API_TOKEN", scope: "server" as const, kind: "string" as const },
    { name: "PUBLIC_SITE_NAME", scope: "public" as const, kind: "string" as const },
    { name: "PUBLIC_BETA", scope: "public" as const, kind: "boolean" as const, optional: true },
  ],
  publicValues: { PUBLIC_SITE_NAME: "Env demo" },
};

test("each public key's read is defined as the value the eject fixed; an unset optional one as undefined; no server key", () => {
  const { define } = ejectedEnv(irWith({ env: ENV as never }));
  assert.equal(define, { "import.meta.env.PUBLIC_SITE_NAME": '"Env demo"', "import.meta.env.PUBLIC_BETA": "undefined" });
});

test("server/env.d.ts types sdk/env by env.ts, from server/", () => {
  const { files } = ejectedEnv(irWith({ env: ENV as never }));
  assert.equal(files.map((file) => file.path), ["server/env.d.ts"]);
  assert.match(files[0]!.content, 'typeof import("../env.ts").default');
});

test("the defines reach the Rollup config's esbuild and, with pages, Vite's define", () => {
  const ir = scanFixture("e2e-api", { target: "node" });
  const rollup = emitEjectedProject({ ir: { ...ir, env: ENV as never }, appPackage: {}, defaultName: "app", appSources: [] }).find((file) => file.path === "rollup.config.mjs")!;
  assert.match(rollup.content, 'define: {"import.meta.env.PUBLIC_SITE_NAME":"\\"Env demo\\"","import.meta.env.PUBLIC_BETA":"undefined"}');
  const pages = scanFixture("e2e-pages", { target: "node" });
  const vite = emitEjectedProject({ ir: { ...pages, env: ENV as never }, appPackage: {}, defaultName: "app", appSources: [] }).find((file) => file.path === "vite.config.ts")!;
  assert.match(vite.content, '"import.meta.env.PUBLIC_SITE_NAME":"\\"Env demo\\""');
});

test("an app without env.ts defines nothing", () => {
  assert.equal(ejectedEnv(scanFixture("e2e-api", { target: "edge" })), { define: {}, files: [] });
});

test.run();
