import { test } from "uvu";
import * as assert from "uvu/assert";
import { formatDiagnostic, type Diagnostic } from "../../../compiler/diagnostics.ts";
import { validateConfig } from "../../../compiler/config/validate.ts";
import { validateRoutingRules } from "../../../compiler/config/routing-rules.ts";
import type { SdkConfig } from "../../../compiler/config/define.ts";

const FILE = "sdk.config.ts";

/** Evaluates the literal config inside `text` (it is plain data) and validates it with the source. */
function diagnose(text: string): Diagnostic[] {
  const literal = text.slice(text.indexOf("defineConfig(") + "defineConfig(".length, text.lastIndexOf(")"));
  const config = new Function(`return (${literal});`)() as unknown;
  const diagnostics = validateConfig(config, { file: FILE, text });
  for (const d of diagnostics) {
    assert.ok(d.hint, `has a hint: ${d.message}`);
    assert.not.match(d.message, /[\r\n]/);
  }
  return diagnostics;
}

const brief = (d: Diagnostic) => ({ code: d.code, configPath: d.configPath, line: d.line, column: d.column });

/** Line and column (1-based) where `needle` first appears in `text`: what a diagnostic must point at. */
function at(text: string, needle: string): { line: number; column: number } {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, needle);
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

function source(...routingLines: string[]): string {
  return ['import { defineConfig } from "sdk/config";', "", "export default defineConfig({", "  routing: {", ...routingLines, "  },", "});", ""].join("\n");
}

test("a valid routing config with Cloudflare's documented examples passes", () => {
  assert.equal(
    diagnose(source(
      '    headers: { "/static/*": ["Access-Control-Allow-Origin: *"], "/movies/:title": ["x-movie-name: :title"] },',
      '    redirects: { "/blog/*": "https://blog.my.domain/:splat", "/products/:code/:name": { to: "/products?code=:code&name=:name", status: 301 } },',
      '    rewrites: { "/about/faq/*": "/about/faqs" },',
      '    fallbacks: { "*": "/index.html" },',
      '    revalidate: { "*": 60, "/blog/:slug": 300 },',
      '    revalidateQueryAllowlist: { "/search": ["q"] },',
    )),
    [],
  );
});

test("SDK_ROUTING_PATTERN: a bad pattern key is located at the key, in every pattern field", () => {
  const text = source(
    '    headers: { "/a/*/b/*": ["X-A: 1"] },',
    '    redirects: { "/blog-:year": "/news" },',
    '    rewrites: { "/u/:id/:id": "/users" },',
    '    fallbacks: { "/x?y": "/index.html" },',
    '    revalidate: { "/a/:splat": 10 },',
    '    revalidateQueryAllowlist: { "/a\\\\b": ["q"] },',
  );
  assert.equal(diagnose(text).map(brief), [
    { code: "SDK_ROUTING_PATTERN", configPath: 'routing.headers["/a/*/b/*"]', ...at(text, '"/a/*/b/*"') },
    { code: "SDK_ROUTING_PATTERN", configPath: 'routing.redirects["/blog-:year"]', ...at(text, '"/blog-:year"') },
    { code: "SDK_ROUTING_PATTERN", configPath: 'routing.rewrites["/u/:id/:id"]', ...at(text, '"/u/:id/:id"') },
    { code: "SDK_ROUTING_PATTERN", configPath: 'routing.fallbacks["/x?y"]', ...at(text, '"/x?y"') },
    { code: "SDK_ROUTING_PATTERN", configPath: 'routing.revalidate["/a/:splat"]', ...at(text, '"/a/:splat"') },
    { code: "SDK_ROUTING_PATTERN", configPath: 'routing.revalidateQueryAllowlist["/a\\\\b"]', ...at(text, '"/a\\\\b"') },
  ]);
  assert.equal(at(text, '"/a/*/b/*"'), { line: 5, column: 16 });
  const [first] = diagnose(text);
  assert.is(first!.message, 'routing.headers["/a/*/b/*"] is not a valid pattern: a pattern may contain only one "*"');
  assert.is(first!.file, FILE);
});

test("SDK_ROUTING_DESTINATION: :splat without *, unknown placeholder, another host; located at the value", () => {
  const text = source(
    '    redirects: {',
    '      "/old": "/new/:splat",',
    '      "/u/:id": { to: "/users/:name", status: 301 },',
    '      "/away": "//evil.example",',
    '      "/js": "javascript:alert(1)",',
    '      "/h/:sub": "https://:sub.example.com/",',
    '    },',
    '    rewrites: { "/docs/*": "handbook/:splat" },',
    '    fallbacks: { "/app/*": "/app/:page" },',
  );
  const diagnostics = diagnose(text);
  assert.equal(diagnostics.map(brief), [
    { code: "SDK_ROUTING_DESTINATION", configPath: 'routing.redirects["/old"]', ...at(text, '"/new/:splat"') },
    { code: "SDK_ROUTING_DESTINATION", configPath: 'routing.redirects["/u/:id"].to', ...at(text, '"/users/:name"') },
    { code: "SDK_ROUTING_DESTINATION", configPath: 'routing.redirects["/away"]', ...at(text, '"//evil.example"') },
    { code: "SDK_ROUTING_DESTINATION", configPath: 'routing.redirects["/js"]', ...at(text, '"javascript:alert(1)"') },
    { code: "SDK_ROUTING_DESTINATION", configPath: 'routing.redirects["/h/:sub"]', ...at(text, '"https://:sub.example.com/"') },
    { code: "SDK_ROUTING_DESTINATION", configPath: 'routing.rewrites["/docs/*"]', ...at(text, '"handbook/:splat"') },
    { code: "SDK_ROUTING_DESTINATION", configPath: 'routing.fallbacks["/app/*"]', ...at(text, '"/app/:page"') },
  ]);
  assert.match(diagnostics[0]!.message, /":splat" but the pattern "\/old" has no "\*"/);
  assert.match(diagnostics[1]!.message, /":name"/);
  assert.match(diagnostics[2]!.message, /another host/);
  assert.ok(diagnostics[0]!.message.startsWith('routing.redirects["/old"] is not a valid destination: '), diagnostics[0]!.message);
});

test("SDK_ROUTING_HEADER: a value the runtime could not send, located at the line", () => {
  const text = source('    headers: { "/x": ["X-A: ok", "X-B: a\\u0000b", "X-C: 日本"] },');
  assert.equal(diagnose(text).map(brief), [
    { code: "SDK_ROUTING_HEADER", configPath: 'routing.headers["/x"][1]', ...at(text, '"X-B') },
    { code: "SDK_ROUTING_HEADER", configPath: 'routing.headers["/x"][2]', ...at(text, '"X-C') },
  ]);
});

test("the text form names the config path as the subject, after file:line:column", () => {
  const text = source('    headers: { "/x": ["X-A ok"] },', '    rewrites: { "/a/*/*": "/b" },');
  const lines = diagnose(text).map(formatDiagnostic);
  assert.equal(lines.map((line) => line.slice(0, line.indexOf(" Hint: "))), [
    'error SDK_CONFIG_INVALID sdk.config.ts:5:23: routing.headers["/x"][0] must be a header line "Name: value" with no line breaks, got "X-A ok"',
    'error SDK_ROUTING_PATTERN sdk.config.ts:6:17: routing.rewrites["/a/*/*"] is not a valid pattern: a pattern may contain only one "*"',
  ]);
});

test("routing checks run only where the schema passed: one diagnostic per mistake", () => {
  const diagnostics = diagnose(source(
    '    headers: { "api/*": ["X-A: 1"], "/x": ["X-A: 1\\r\\nSet-Cookie: a"] },',
    '    redirects: { "/old": { to: "/new/:splat", status: 305 }, "/n": 3 },',
  ));
  assert.equal(
    diagnostics.map((d) => [d.code, d.configPath]),
    [
      ["SDK_CONFIG_INVALID", 'routing.headers["api/*"]'],
      ["SDK_CONFIG_INVALID", 'routing.headers["/x"][0]'],
      ["SDK_CONFIG_INVALID", 'routing.redirects["/old"].status'],
      ["SDK_CONFIG_INVALID", 'routing.redirects["/n"]'],
      ["SDK_ROUTING_DESTINATION", 'routing.redirects["/old"].to'],
    ],
  );
});

test("without source text the diagnostics still name the config path", () => {
  const diagnostics = validateConfig({ routing: { rewrites: { "/a/*/*": "/b" } } });
  assert.equal(diagnostics.map((d) => [d.code, d.configPath, d.line]), [["SDK_ROUTING_PATTERN", 'routing.rewrites["/a/*/*"]', undefined]]);
});

test("validateRoutingRules never throws on values of the wrong shape", () => {
  const odd = { routing: { headers: { "/x": "X-A: 1" }, redirects: { "/a": { to: 3 } }, rewrites: [], fallbacks: null, revalidate: 5 } };
  assert.equal(validateRoutingRules(odd as unknown as SdkConfig), []);
  assert.equal(validateRoutingRules(null as unknown as SdkConfig), []);
});

test.run();
