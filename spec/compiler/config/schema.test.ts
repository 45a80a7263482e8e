import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Diagnostic } from "../../../compiler/diagnostics.ts";
import { validateConfig } from "../../../compiler/config/validate.ts";

/** Validates and checks what every diagnostic must be: one line, with a code and a hint. */
function check(config: unknown, source?: { file: string; text: string }): Diagnostic[] {
  const diagnostics = validateConfig(config, source);
  for (const d of diagnostics) {
    assert.not.match(d.message, /[\r\n]/, `message is one line: ${d.message}`);
    assert.ok(d.hint, `has a hint: ${d.message}`);
    assert.not.match(d.hint!, /[\r\n]/);
    assert.match(d.code, /^SDK_CONFIG_(INVALID|UNKNOWN_FIELD)$/);
  }
  return diagnostics;
}

/** Exactly one diagnostic, at `configPath`. */
function one(config: unknown, configPath: string, code = "SDK_CONFIG_INVALID"): Diagnostic {
  const diagnostics = check(config);
  assert.equal(diagnostics.map((d) => d.configPath), [configPath]);
  assert.is(diagnostics[0]!.code, code);
  return diagnostics[0]!;
}

const valid = (config: unknown) => assert.equal(check(config), [], JSON.stringify(config));

test("an empty config and a full valid config pass", () => {
  valid({});
  valid({
    sourceDir: "src",
    ai: { gateway: "my-gateway" },
    auth: { providers: ["email", "github", "cognito"] },
    database: "pg",
    email: { from: "Acme <hello@acme.dev>" },
    head: {
      title: "Home",
      titleTemplate: "%s | Acme",
      meta: [{ name: "description", content: "hi" }],
      link: [{ rel: "icon", href: "/favicon.svg" }],
      script: [{ src: "/a.js", async: true }],
      htmlAttrs: { lang: "en" },
      bodyAttrs: { class: "dark" },
    },
    output: "static",
    remote: true,
    sandbox: {
      binding: "SANDBOX", className: "SandboxV1", containerName: "sdk-sandbox-v1", image: "./Dockerfile",
      imageBuildContext: ".", platformImage: "edge/debian-trixie", instanceType: "standard-2",
    },
    target: "node",
    worker: { compatibility_date: "2025-01-31", compatibility_flags: ["nodejs_compat"], vars: { A: "1" }, limits: { cpu_ms: 300000 } },
    edge: { name: "app", d1_databases: [{ binding: "DB", database_name: "d", database_id: "x" }], observability: { enabled: true } },
    deploy: { edge: { mode: "atomic" } },
    routing: {
      headers: { "/api/*": ["X-Frame-Options: DENY", "Cache-Control:no-store"] },
      redirects: { "/old": "/new", "/blog/*": { to: "https://example.com/:splat", status: 308 } },
      rewrites: { "/docs/*": "/handbook/:splat" },
      fallbacks: { "*": "/index.html" },
      isr: false,
      revalidate: { "*": 60, "/live": 0 },
      revalidateQueryAllowlist: { "/search": ["q", "page"] },
      prerender: ["/", "/about"],
      notFound: "single-page-application",
    },
    inference: {
      bindings: { db: "MY_DB", kv: true, storage: false, ai: "AI_2", email: true },
      build: "npm run build && echo ok",
      scanDirs: ["src", "lib/server"],
      appType: "spa",
      outputDir: "dist/client",
    },
  });
});

test("unknown fields are reported at the field, with a did-you-mean hint", () => {
  const top = one({ targt: "node" }, "targt", "SDK_CONFIG_UNKNOWN_FIELD");
  assert.is(top.message, "targt is not a known field");
  assert.match(top.hint!, '"target"');
  const nested = one({ worker: { limits: { cpuMs: 5 } } }, "worker.limits.cpuMs", "SDK_CONFIG_UNKNOWN_FIELD");
  assert.match(nested.hint!, 'Did you mean "cpu_ms"?');
  const far = one({ deploy: { edge: { zzzzzz: 1 } } }, "deploy.edge.zzzzzz", "SDK_CONFIG_UNKNOWN_FIELD");
  assert.match(far.hint!, "known fields: mode");
  assert.match(one({ worker: { d1_databases: [] } }, "worker.d1_databases", "SDK_CONFIG_UNKNOWN_FIELD").hint!, "belong in `edge`");
  one({ routing: { redirects: { "/a": { to: "/b", code: 301 } } } }, 'routing.redirects["/a"].code', "SDK_CONFIG_UNKNOWN_FIELD");
});

test("edge is passed through as wrangler's config schema takes it, and must be an object", () => {
  valid({ edge: { routes: [], placement: { mode: "smart" }, tail_consumers: [{ service: "logs" }] } });
  assert.match(one({ edge: { whatever: { nested: ["x", 1, true] } } }, "edge.whatever", "SDK_CONFIG_UNKNOWN_FIELD").hint!, "wrangler's config schema");
  assert.is(one({ edge: [] }, "edge").message, "edge must be an object, got an array");
});

test("enums name every allowed value and what was given", () => {
  assert.is(one({ database: "sqlite" }, "database").message, 'database must be one of "pg", "mysql", got "sqlite"');
  one({ output: "ssr" }, "output");
  assert.match(one({ target: "nod" }, "target").hint!, 'Did you mean "node"?');
  one({ routing: { notFound: "404" } }, "routing.notFound");
  one({ inference: { appType: "next" } }, "inference.appType");
  one({ deploy: { edge: { mode: "fast" } } }, "deploy.edge.mode");
  assert.is(
    one({ sandbox: { instanceType: "standard-5" } }, "sandbox.instanceType").message,
    'sandbox.instanceType must be one of "lite", "standard-1", "standard-2", "standard-3", "standard-4", got "standard-5"',
  );
});

test("worker.limits.cpu_ms is an integer from 1 to 300000", () => {
  valid({ worker: { limits: { cpu_ms: 1 } } });
  valid({ worker: { limits: { cpu_ms: 300000 } } });
  assert.is(one({ worker: { limits: { cpu_ms: 300001 } } }, "worker.limits.cpu_ms").message, "worker.limits.cpu_ms must be an integer from 1 to 300000, got 300001");
  one({ worker: { limits: { cpu_ms: 0 } } }, "worker.limits.cpu_ms");
  assert.is(one({ worker: { limits: { cpu_ms: 1.5 } } }, "worker.limits.cpu_ms").message, "worker.limits.cpu_ms must be an integer, got 1.5");
  const text = one({ worker: { limits: { cpu_ms: "50" } } }, "worker.limits.cpu_ms");
  assert.is(text.message, 'worker.limits.cpu_ms must be an integer, got "50"');
  assert.is(text.hint, 'Use the number 50, not the string "50".');
});

test("redirects: a string, or { to, status? } with a known status", () => {
  valid({ routing: { redirects: { "/a": "/b", "/c": { to: "/d" }, "/e": { to: "/f", status: 301 } } } });
  const status = one({ routing: { redirects: { "/old": { to: "/new", status: 305 } } } }, 'routing.redirects["/old"].status');
  assert.is(status.message, 'routing.redirects["/old"].status must be one of 301, 302, 303, 307, 308, got 305');
  assert.is(one({ routing: { redirects: { "/old": { status: 301 } } } }, 'routing.redirects["/old"].to').message, 'routing.redirects["/old"].to is required but missing');
  assert.is(one({ routing: { redirects: { "/old": 3 } } }, 'routing.redirects["/old"]').message, 'routing.redirects["/old"] must be a string or an object, got 3');
  one({ routing: { redirects: { "/old": "" } } }, 'routing.redirects["/old"]');
  const text = one({ routing: { redirects: { "/old": { to: "/new", status: "301" } } } }, 'routing.redirects["/old"].status');
  assert.is(text.message, 'routing.redirects["/old"].status must be one of 301, 302, 303, 307, 308, got "301"');
  assert.is(text.hint, 'Use the number 301, not the string "301".');
});

test("routing keys start with / or are *", () => {
  valid({ routing: { revalidate: { "*": 10 }, headers: { "/": ["A: b"] } } });
  const key = one({ routing: { headers: { "api/*": ["A: b"] } } }, 'routing.headers["api/*"]');
  assert.is(key.message, 'routing.headers["api/*"] has an invalid key: a key here must be a URL pattern starting with "/", or "*"');
  one({ routing: { rewrites: { docs: "/handbook" } } }, "routing.rewrites.docs");
  one({ routing: { fallbacks: { "**": "/index.html" } } }, 'routing.fallbacks["**"]');
  one({ routing: { revalidateQueryAllowlist: { search: ["q"] } } }, "routing.revalidateQueryAllowlist.search");
});

test("header values are `Name: value` lines without CR/LF", () => {
  valid({ routing: { headers: { "/x": ["X-Frame-Options: DENY", "Content-Security-Policy: default-src 'self'"] } } });
  const noColon = one({ routing: { headers: { "/x": ["X-Frame-Options DENY"] } } }, 'routing.headers["/x"][0]');
  assert.is(noColon.message, 'routing.headers["/x"][0] must be a header line "Name: value" with no line breaks, got "X-Frame-Options DENY"');
  one({ routing: { headers: { "/x": ["A: b", "X-A: 1\r\nSet-Cookie: x=1"] } } }, 'routing.headers["/x"][1]');
  one({ routing: { headers: { "/x": ["Bad Name: 1"] } } }, 'routing.headers["/x"][0]');
  one({ routing: { headers: { "/x": ["X-Empty: "] } } }, 'routing.headers["/x"][0]');
  one({ routing: { headers: { "/x": "X-A: 1" } } }, 'routing.headers["/x"]');
});

test("revalidate values are non-negative integers", () => {
  valid({ routing: { revalidate: { "/a": 0, "/b": 3600 } } });
  assert.is(one({ routing: { revalidate: { "/blog/*": -1 } } }, 'routing.revalidate["/blog/*"]').message, 'routing.revalidate["/blog/*"] must be an integer of at least 0, got -1');
  one({ routing: { revalidate: { "/blog/*": 1.5 } } }, 'routing.revalidate["/blog/*"]');
});

test("prerender paths start with /", () => {
  assert.is(one({ routing: { prerender: ["/", "about"] } }, "routing.prerender[1]").message, 'routing.prerender[1] must be a path starting with "/", got "about"');
});

test("auth.providers are known and unique", () => {
  const unknown = one({ auth: { providers: ["email", "githb"] } }, "auth.providers[1]");
  assert.match(unknown.hint!, 'Did you mean "github"?');
  assert.match(unknown.message, 'got "githb"');
  const twice = one({ auth: { providers: ["github", "email", "github"] } }, "auth.providers[2]");
  assert.is(twice.message, 'auth.providers[2] repeats "github", already at index 0');
});

test("worker.vars values are all strings", () => {
  valid({ worker: { vars: { A: "1", B: "" } } });
  assert.match(one({ worker: { vars: { A: "1", PORT: 8080 } } }, "worker.vars.PORT").hint!, "String(");
  one({ worker: { vars: { "MY-VAR": true } } }, 'worker.vars["MY-VAR"]');
});

test("worker.compatibility_date is YYYY-MM-DD", () => {
  for (const bad of ["2025-1-1", "2025-13-01", "2025-01-32", "25-01-01", "2025-01-01T00:00:00Z"]) {
    one({ worker: { compatibility_date: bad } }, "worker.compatibility_date");
  }
  assert.match(one({ worker: { compatibility_date: "2025/01/01" } }, "worker.compatibility_date").message, "a date YYYY-MM-DD");
});

test("email.from is `Name <addr@host>` or `addr@host`", () => {
  for (const good of ["hello@acme.dev", "Acme <hello@acme.dev>", '"Acme, Inc." <no-reply@mail.acme.dev>']) valid({ email: { from: good } });
  for (const bad of ["hello", "Acme hello@acme.dev", "<hello@acme.dev>", "Acme <hello@acme>", "a@b.c, d@e.f", "Acme <a@b.dev>\nBcc: x@y.z"]) {
    one({ email: { from: bad } }, "email.from");
  }
});

test("sourceDir, inference.outputDir and scanDirs are relative without ..", () => {
  for (const good of ["src", "app/src", "./src", "..hidden", "a..b/c"]) valid({ sourceDir: good, inference: { outputDir: good } });
  for (const bad of ["/abs", "../up", "a/../b", "a/..", "C:\\app", "\\\\server\\share", ""]) {
    one({ sourceDir: bad }, "sourceDir");
    one({ inference: { outputDir: bad } }, "inference.outputDir");
  }
  one({ inference: { scanDirs: ["src", "../lib"] } }, "inference.scanDirs[1]");
});

test("inference.bindings: true, false or a binding name; email is boolean only", () => {
  valid({ inference: { bindings: { db: true, kv: false, storage: "FILES", ai: "AI" } } });
  assert.match(one({ inference: { bindings: { db: "my-db" } } }, "inference.bindings.db").message, "a binding name");
  one({ inference: { bindings: { kv: 1 } } }, "inference.bindings.kv");
  assert.is(one({ inference: { bindings: { email: "SEND_EMAIL" } } }, "inference.bindings.email").message, 'inference.bindings.email must be a boolean (true or false), got "SEND_EMAIL"');
});

test("every object field rejects other types", () => {
  for (const field of ["ai", "auth", "email", "head", "sandbox", "worker", "deploy", "routing", "inference"]) {
    assert.is(one({ [field]: "x" }, field).message, `${field} must be an object, got "x"`);
  }
  one({ remote: "yes" }, "remote");
  one({ head: { meta: [{ name: 1 }] } }, "head.meta[0].name");
  one({ head: { htmlAttrs: { lang: null } } }, "head.htmlAttrs.lang");
});

test("one diagnostic per wrong value, in a config with many mistakes", () => {
  const diagnostics = check({
    target: "worker",
    worker: { limits: { cpu_ms: 0, cpuMs: 1 }, vars: { A: 1 } },
    routing: { redirects: { old: 3, "/x": { status: 305 } }, prerender: ["a"] },
    auth: { providers: ["github", "github"] },
  });
  assert.equal(diagnostics.map((d) => d.configPath).sort(), [
    "auth.providers[1]",
    'routing.redirects["/x"].status',
    'routing.redirects["/x"].to',
    "routing.redirects.old",
    "routing.redirects.old",
    "routing.prerender[0]",
    "target",
    "worker.limits.cpuMs",
    "worker.limits.cpu_ms",
    "worker.vars.A",
  ].sort());
  const old = diagnostics.filter((d) => d.configPath === "routing.redirects.old").map((d) => d.message);
  assert.equal(old.sort(), [
    'routing.redirects.old has an invalid key: a key here must be a URL pattern starting with "/", or "*"',
    "routing.redirects.old must be a string or an object, got 3",
  ]);
});

test("a config that is not an object", () => {
  const [d] = check(["x"]);
  assert.is(d!.message, "the config must be an object, got an array");
  assert.is(d!.configPath, undefined);
});

test("with source text, diagnostics point at the value, or the key of an unknown field", () => {
  const text = [
    'import { defineConfig } from "sdk/config";',
    "const base = { target: \"worker\" } as const;",
    "export default defineConfig({",
    "  ...base,",
    "  routing: {",
    '    redirects: { "/old": { to: "/new", status: 305 } },',
    "  },",
    "  worker: { limits: { cpuMs: 5 }, vars: computeVars() },",
    "});",
  ].join("\n");
  const config = { target: "worker", routing: { redirects: { "/old": { to: "/new", status: 305 } } }, worker: { limits: { cpuMs: 5 }, vars: { A: 1 } } };
  const byPath = new Map(check(config, { file: "sdk.config.ts", text }).map((d) => [d.configPath, d]));
  const at = (p: string) => {
    const d = byPath.get(p)!;
    return [d.file, d.line, d.column];
  };
  assert.equal(at("target"), ["sdk.config.ts", 2, 24]);
  assert.equal(at('routing.redirects["/old"].status'), ["sdk.config.ts", 6, 48]);
  assert.equal(at("worker.limits.cpuMs"), ["sdk.config.ts", 8, 23]);
  assert.equal(at("worker.vars.A"), ["sdk.config.ts", undefined, undefined]);
});

test("locating follows variables, satisfies, shorthand properties and array indices", () => {
  const text = [
    'import type { SdkConfig } from "sdk/config";',
    'const providers = ["email", "githb"];',
    "const auth = { providers };",
    "const config = { auth } satisfies SdkConfig;",
    "export { config as default };",
  ].join("\n");
  const [d] = check({ auth: { providers: ["email", "githb"] } }, { file: "sdk.config.ts", text });
  assert.equal([d!.configPath, d!.line, d!.column], ["auth.providers[1]", 2, 29]);
});

test.run();
