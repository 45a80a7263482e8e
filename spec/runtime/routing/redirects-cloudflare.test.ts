/**
 * Our redirects side by side with Cloudflare's own. The same rules go to Cloudflare's asset
 * worker, run in workerd by Miniflare (the code `wrangler dev` runs, reading a `_redirects` file
 * from the assets directory), and to our routing layer (runtime/routing) as `routing.redirects`;
 * the same requests go to both. Each case names the answer both must give, so a change on either
 * side fails here; each kept difference names both answers and why (see runtime/routing/
 * redirects.ts).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileRouting } from "../../../runtime/routing/compile.ts";
import type { RedirectStatus, RuntimeRouting } from "../../../runtime/routing/config.ts";
import { createRoutingLayer, type Origin } from "../../../runtime/routing/layer.ts";
import { destinationProblem, patternProblem } from "../../../runtime/routing/pattern.ts";
import { redirectDestinationProblem, redirectLoopProblem } from "../../../runtime/routing/redirects.ts";
import { UNMATCHED_HEADER } from "../../../runtime/unmatched.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const SITE = "https://site.example";

interface Rule {
  readonly from: string;
  readonly to: string;
  readonly status?: RedirectStatus;
  /** Our build refuses the rule, so only Cloudflare is given it. */
  readonly refusedByOurBuild?: true;
}

/**
 * In `_redirects` order. Cloudflare looks up the rules above the first splat or placeholder as a
 * table and tries the rest in order; either way the first rule written wins.
 */
const RULES: readonly Rule[] = [
  // Cloudflare's documented example
  { from: "/home301", to: "/", status: 301 },
  { from: "/home302", to: "/", status: 302 },
  { from: "/querystrings", to: "/?query=string", status: 301 },
  { from: "/twitch", to: "https://twitch.tv" },
  { from: "/trailing", to: "/trailing/", status: 301 },
  { from: "/notrailing/", to: "/nottrailing", status: 301 },
  { from: "/page/", to: "/page2/#fragment", status: 301 },
  // statuses
  { from: "/default", to: "/target" },
  { from: "/see-other", to: "/target", status: 303 },
  { from: "/temporary", to: "/target", status: 307 },
  { from: "/permanent", to: "/target", status: 308 },
  // the destination's query and fragment
  { from: "/with-query", to: "/target?k=v&x=dest" },
  { from: "/with-empty-query", to: "/target?" },
  { from: "/with-hash", to: "/target#top" },
  { from: "/with-query-hash", to: "/target?k=v#top" },
  { from: "/encoded-query", to: "/target?q=a%20b+c" },
  { from: "/login-back", to: "/login?next=https://x.example//a" },
  // absolute destinations
  { from: "/abs", to: "https://other.example/x" },
  { from: "/abs-query", to: "https://other.example/x?k=v" },
  { from: "/abs-hash", to: "https://other.example/x#top" },
  { from: "/abs-port", to: "https://other.example:8443/x" },
  { from: "/same-origin", to: `${SITE}/here` },
  { from: "/same-origin-query", to: `${SITE}/here?k=v#top` },
  { from: "/plain-http", to: "http://other.example/x" },
  // encoded characters and case
  { from: "/café", to: "/coffee" },
  { from: "/to-unicode", to: "/naïve/ü" },
  { from: "/encoded-dest", to: "/a%20b/%C3%A9" },
  { from: "/Case", to: "/upper" },
  // a redirect comes before an asset at the same path
  { from: "/shadowed.txt", to: "/not-the-asset" },
  { from: "/static-double", to: "/a//b" },
  { from: "/docs/intro", to: "/first" },
  // splats and placeholders
  { from: "/blog/*", to: "https://blog.my.domain/:splat" },
  { from: "/products/:code/:name", to: "/products?code=:code&name=:name" },
  { from: "/news/:year/:month/:date/:slug", to: "/archive/:year/:month/:date/:slug", status: 308 },
  { from: "/docs/*", to: "/guide/:splat" },
  { from: "/docs/later", to: "/never" },
  { from: "/files/*/raw", to: "/raw/:splat" },
  { from: "/go/*", to: "/:splat" },
  { from: "/to/:where/*", to: "/:where/:splat", status: 301 },
  { from: "/ext/*", to: "https://docs.example/:splat" },
  { from: "/search/*", to: "/find?q=:splat" },
  { from: "/movies/:title", to: "/media/:title" },
  { from: "/trail/:name/", to: "/t/:name" },
  { from: "/dyn-double/*", to: "/a//b/:splat" },
  { from: "/loop/*", to: "/loop/index.html", refusedByOurBuild: true },
  { from: "/next/*", to: "/login?next=https://x.example//:splat" },
  { from: "/seg/blog-:year", to: "/y/:year", refusedByOurBuild: true },
  { from: "/bs/*", to: "/\\:splat", refusedByOurBuild: true },
];

/**
 * The rules Cloudflare's `_redirects` parser drops: it takes only https:// destinations, and
 * refuses a splat sent to its own `index.html`, which would redirect to itself forever.
 */
const REFUSED_BY_CLOUDFLARE = ["/plain-http", "/loop/*"];

const ASSETS: Readonly<Record<string, string>> = { "/kept.txt": "an asset", "/shadowed.txt": "shadowed by a redirect" };

interface Answer {
  readonly status: number;
  readonly location: string | null;
}

const to = (status: number, location: string): Answer => ({ status, location });
const NOT_FOUND: Answer = { status: 404, location: null };
const ASSET: Answer = { status: 200, location: null };

interface Case {
  readonly method?: string;
  readonly path: string;
  readonly answer: Answer;
}

const SAME: readonly Case[] = [
  { path: "/home301", answer: to(301, "/") },
  { path: "/home302", answer: to(302, "/") },
  { path: "/querystrings", answer: to(301, "/?query=string") },
  { path: "/querystrings?utm=1", answer: to(301, "/?query=string") },
  { path: "/twitch", answer: to(302, "https://twitch.tv/") },
  { path: "/twitch?x=1", answer: to(302, "https://twitch.tv/?x=1") },
  { path: "/trailing", answer: to(301, "/trailing/") },
  { path: "/trailing/", answer: NOT_FOUND },
  { path: "/notrailing/", answer: to(301, "/nottrailing") },
  { path: "/notrailing", answer: NOT_FOUND },
  { path: "/page/", answer: to(301, "/page2/#fragment") },
  { path: "/page/?x=1", answer: to(301, "/page2/?x=1#fragment") },
  { path: "/default", answer: to(302, "/target") },
  { path: "/default?x=1&y=2", answer: to(302, "/target?x=1&y=2") },
  { path: "/default?q=a+b%20c'&empty=&q=2", answer: to(302, "/target?q=a+b%20c%27&empty=&q=2") },
  { method: "HEAD", path: "/default", answer: to(302, "/target") },
  { method: "POST", path: "/default?x=1", answer: to(302, "/target?x=1") },
  { path: "/see-other", answer: to(303, "/target") },
  { path: "/temporary", answer: to(307, "/target") },
  { path: "/permanent", answer: to(308, "/target") },
  { path: "/with-query", answer: to(302, "/target?k=v&x=dest") },
  { path: "/with-query?x=1&k=req", answer: to(302, "/target?k=v&x=dest") },
  { path: "/with-empty-query?x=1", answer: to(302, "/target?x=1") },
  { path: "/with-hash?x=1", answer: to(302, "/target?x=1#top") },
  { path: "/with-query-hash?x=1", answer: to(302, "/target?k=v#top") },
  { path: "/encoded-query?x=1", answer: to(302, "/target?q=a%20b+c") },
  { path: "/login-back", answer: to(302, "/login?next=https://x.example//a") },
  { path: "/abs?x=1", answer: to(302, "https://other.example/x?x=1") },
  { path: "/abs-query?x=1", answer: to(302, "https://other.example/x?k=v") },
  { path: "/abs-hash?x=1", answer: to(302, "https://other.example/x?x=1#top") },
  { path: "/abs-port", answer: to(302, "https://other.example:8443/x") },
  { path: "/same-origin?x=1", answer: to(302, "/here?x=1") },
  { path: "/same-origin-query?x=1", answer: to(302, "/here?k=v#top") },
  { path: "/café", answer: to(302, "/coffee") },
  { path: "/caf%C3%A9?x=1", answer: to(302, "/coffee?x=1") },
  { path: "/cafe", answer: NOT_FOUND },
  { path: "/caf%c3%a9", answer: NOT_FOUND },
  { path: "/to-unicode", answer: to(302, "/na%C3%AFve/%C3%BC") },
  { path: "/encoded-dest", answer: to(302, "/a%20b/%C3%A9") },
  { path: "/Case", answer: to(302, "/upper") },
  { path: "/case", answer: NOT_FOUND },
  { path: "/shadowed.txt", answer: to(302, "/not-the-asset") },
  { path: "/kept.txt", answer: ASSET },
  { path: "/docs/intro", answer: to(302, "/first") },
  { path: "/docs/later", answer: to(302, "/guide/later") },
  { path: "/docs/", answer: to(302, "/guide/") },
  { path: "/docs", answer: NOT_FOUND },
  { path: "/blog/2024/hello?x=1", answer: to(302, "https://blog.my.domain/2024/hello?x=1") },
  { path: "/blog/a//b", answer: to(302, "https://blog.my.domain/a//b") },
  { path: "/products/42/lamp?x=1", answer: to(302, "/products?code=42&name=lamp") },
  { path: "/products/a%26b/lamp", answer: to(302, "/products?code=a%26b&name=lamp") },
  { path: "/products/42", answer: NOT_FOUND },
  { path: "/news/2024/05/01/hello", answer: to(308, "/archive/2024/05/01/hello") },
  { path: "/files/x/y/raw", answer: to(302, "/raw/x/y") },
  { path: "/files//raw", answer: to(302, "/raw/") },
  { path: "/files/raw", answer: NOT_FOUND },
  { path: "/go/a/b?x=1", answer: to(302, "/a/b?x=1") },
  { path: "/go/", answer: to(302, "/") },
  { path: "/go/a//b", answer: to(302, "/a/b") },
  { path: "/go//evil.example", answer: to(302, "/evil.example") },
  { path: "/go/%20x", answer: to(302, "/%20x") },
  { path: "/go/a%3Fb", answer: to(302, "/a%3Fb") },
  { path: "/to/x/y/z", answer: to(301, "/x/y/z") },
  { path: "/ext/a/b?x=1", answer: to(302, "https://docs.example/a/b?x=1") },
  { path: "/ext/@evil.example", answer: to(302, "https://docs.example/@evil.example") },
  { path: "/search/a/b?page=2", answer: to(302, "/find?q=a/b") },
  { path: "/search/caf%C3%A9", answer: to(302, "/find?q=caf%C3%A9") },
  { path: "/movies/jaws", answer: to(302, "/media/jaws") },
  { path: "/movies/a%2Fb", answer: to(302, "/media/a%2Fb") },
  { path: "/movies/", answer: NOT_FOUND },
  { path: "/movies/jaws/2", answer: NOT_FOUND },
  { path: "/trail/x/", answer: to(302, "/t/x") },
  { path: "/trail/x", answer: NOT_FOUND },
  { path: "/dyn-double/c", answer: to(302, "/a/b/c") },
  { path: "/loop/x", answer: NOT_FOUND },
  { path: "/nothing", answer: NOT_FOUND },
];

interface Difference {
  readonly path: string;
  readonly cloudflare: Answer;
  readonly ours: Answer;
  readonly why: string;
}

const DIFFERENCES: readonly Difference[] = [
  {
    path: "/go/%2f%2fevil.example",
    cloudflare: to(302, "/%2f%2fevil.example"),
    ours: to(302, "/evil.example"),
    why: "we drop encoded slashes leading a filled-in destination, for servers that decode them",
  },
  {
    path: "/go/%5cevil.example",
    cloudflare: to(302, "/%5cevil.example"),
    ours: to(302, "/evil.example"),
    why: "we drop encoded backslashes leading a filled-in destination, for servers that decode them",
  },
  {
    path: "/bs/evil.example",
    cloudflare: to(302, "https://evil.example/"),
    ours: NOT_FOUND,
    why: 'a destination written "/\\:splat" sends Cloudflare to any host; our build refuses it',
  },
  {
    path: "/next/a?x=1",
    cloudflare: to(302, "/login?next=https:/x.example/a"),
    ours: to(302, "/login?next=https://x.example//a"),
    why: "Cloudflare collapses runs of / in a dynamic rule's whole destination; we only in its path",
  },
  {
    path: "/static-double",
    cloudflare: to(302, "/a//b"),
    ours: to(302, "/a/b"),
    why: "Cloudflare sends a static rule's destination as written; we collapse runs of / in every path",
  },
  {
    path: "/plain-http",
    cloudflare: NOT_FOUND,
    ours: to(302, "http://other.example/x"),
    why: "Cloudflare's _redirects takes only https:// destinations; we take http:// too",
  },
  {
    path: "/seg/blog-2024",
    cloudflare: to(302, "/y/2024"),
    ours: NOT_FOUND,
    why: "Cloudflare matches a placeholder inside a segment; our build wants whole-segment placeholders",
  },
];

function redirectsFile(rules: readonly Rule[]): string {
  return rules.map((rule) => [rule.from, rule.to, rule.status ?? ""].join(" ").trimEnd()).join("\n") + "\n";
}

function ourRouting(rules: readonly Rule[]): RuntimeRouting {
  const redirects = Object.fromEntries(
    rules.filter((rule) => !rule.refusedByOurBuild).map((rule) => [rule.from, rule.status ? { to: rule.to, status: rule.status } : rule.to]),
  );
  return { redirects, notFound: "none", isr: false };
}

/** What `sdk build` would say about a rule: the checks of compiler/config/routing-rules.ts. */
function ourBuildProblem(rule: Rule): string | null {
  return patternProblem(rule.from) ?? redirectDestinationProblem(rule.to) ?? destinationProblem(rule.from, rule.to) ?? redirectLoopProblem(rule.from, rule.to);
}

const origin: Origin<null> = {
  asset: (request) => {
    const body = ASSETS[new URL(request.url).pathname];
    return body === undefined ? null : new Response(body);
  },
  assetAt: () => null,
  app: () => new Response("no route", { status: 404, headers: { [UNMATCHED_HEADER]: "1" } }),
};

const ours = createRoutingLayer(compileRouting(ourRouting(RULES)), origin);

/** Keeps what the `_redirects` parser reports, which Miniflare logs. */
class ParserLog extends Log {
  readonly messages: string[] = [];
  override logWithLevel(level: LogLevel, message: string): void {
    if (level <= LogLevel.INFO) this.messages.push(message);
  }
}

/**
 * An assets-only Worker, as `wrangler dev` runs one: with `has_user_worker: false` the router
 * sends every request to the asset worker, so this answer would mean one slipped past it.
 */
const NO_USER_WORKER = `export default { fetch: () => new Response("the user worker answered", { status: 500 }) };`;

let cloudflare: Miniflare | undefined;
const parserLog = new ParserLog();

test.before(async () => {
  const directory = scratchDir("cloudflare-redirects");
  writeFileSync(path.join(directory, "_redirects"), redirectsFile(RULES));
  for (const [urlPath, body] of Object.entries(ASSETS)) writeFileSync(path.join(directory, urlPath), body);
  cloudflare = new Miniflare({
    modules: true,
    script: NO_USER_WORKER,
    compatibilityDate: "2025-01-01",
    assets: { directory, routerConfig: { has_user_worker: false } },
    log: parserLog,
  });
  await cloudflare.ready;
});

test.after(async () => {
  await cloudflare?.dispose();
});

/** Miniflare's responses are undici's, not the global Response type. */
interface AnyResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  arrayBuffer(): Promise<ArrayBuffer>;
}

async function answerOf(response: AnyResponse): Promise<Answer> {
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") };
}

async function askCloudflare(method: string, urlPath: string): Promise<Answer> {
  return answerOf(await cloudflare!.dispatchFetch(`${SITE}${urlPath}`, { method, redirect: "manual" }));
}

async function askOurs(method: string, urlPath: string): Promise<Answer> {
  return answerOf(await ours(new Request(`${SITE}${urlPath}`, { method }), null));
}

test("Cloudflare parses every rule but the ones it refuses", () => {
  const parsed = RULES.length - REFUSED_BY_CLOUDFLARE.length;
  assert.ok(parserLog.messages.some((m) => m.includes(`Parsed ${parsed} valid redirect rules`)), parserLog.messages.join("\n"));
  const report = parserLog.messages.filter((m) => m.includes("invalid redirect rule"));
  assert.is(report.length, 1, report.join("\n"));
  assert.match(report[0]!, `Found ${REFUSED_BY_CLOUDFLARE.length} invalid redirect rules`);
  for (const from of REFUSED_BY_CLOUDFLARE) assert.match(report[0]!, `| ${from} `);
});

test("our build takes every rule but the ones marked refused", () => {
  for (const rule of RULES) {
    const problem = ourBuildProblem(rule);
    if (rule.refusedByOurBuild) assert.ok(problem, `${rule.from} ${rule.to} should be refused`);
    else assert.is(problem, null, `${rule.from} ${rule.to}`);
  }
});

for (const { method = "GET", path: urlPath, answer } of SAME) {
  test(`same answer: ${method} ${urlPath} -> ${answer.status} ${answer.location ?? ""}`, async () => {
    const both = { cloudflare: await askCloudflare(method, urlPath), ours: await askOurs(method, urlPath) };
    assert.equal(both, { cloudflare: answer, ours: answer });
  });
}

for (const difference of DIFFERENCES) {
  test(`kept difference: GET ${difference.path}: ${difference.why}`, async () => {
    const both = { cloudflare: await askCloudflare("GET", difference.path), ours: await askOurs("GET", difference.path) };
    assert.equal(both, { cloudflare: difference.cloudflare, ours: difference.ours });
  });
}

test.run();
