/**
 * Deploy-time prerendering through the platform API stand-in, which runs the uploaded versions
 * with real D1 and secrets: a `prerender = true` page whose loader reads D1 and a secret builds
 * (the build leaves it to the deploy), the dry run names it, each deploy renders it on the
 * uploaded version (a staged one at its preview URL before it gets traffic) and again on the
 * production host once it has the traffic, so the first visitor there gets the kept copy. A page
 * that fails on the uploaded version stops the release, names the page, and no traffic moves.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startPlatformApi, type PlatformApiStandIn } from "../../helpers/platform-api/index.ts";
import { copyFixture, expectSuccess, runSdkAsync, type CliResult } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const SECRET = "sk-live-prerender-0123456789";
const root = copyFixture("fixtures", "deploy-app");
const configHome = scratchDir("deploy-prerender-config-home");
let platform: PlatformApiStandIn;

const edit = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};

function sdk(args: string[], input?: string): Promise<CliResult> {
  const env = { SDK_CONFIG_HOME: configHome, SDK_API_BASE_URL: platform.baseUrl, SDK_WORKERS_DEV_ORIGIN: platform.workersDevOrigin, SDK_DEPLOY_READINESS_ATTEMPTS: "2" };
  return runSdkAsync([...args, "--root", root], { env, input });
}

const writes = (from: number) => platform.requests.slice(from).filter((request) => request.method !== "GET" && !request.path.endsWith("/query"));
const visit = async (host: string, pathname: string) => {
  const response = await platform.workersDevFetch(host, pathname, { headers: { accept: "text/html" } });
  return { status: response.status, cache: response.headers.get("x-sdk-cache"), text: await response.text() };
};
const PRODUCTION = "deploy-app.acme.workers.dev";

test.before(async () => {
  platform = await startPlatformApi();
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  edit("package.json", JSON.stringify({ ...manifest, dependencies: { react: "^19.0.0", "react-dom": "^19.0.0" } }));
  edit("pages/stats.tsx", 'export default function Stats(props: { line: string }) {\n  return <p>{props.line}</p>;\n}\n');
  edit(
    "pages/stats.server.ts",
    'import { defineHandler } from "sdk";\nimport { db } from "sdk/db";\nimport { env } from "sdk/env";\nimport { notes } from "../db/schema";\nimport { RELEASE } from "../src/release";\n\nexport const prerender = true;\n\nexport const loader = defineHandler(async () => ({\n  line: `${RELEASE}: ${(await db.select().from(notes)).length} notes, key of ${env.API_KEY.length}, rendered ${Date.now() + Math.random()}`,\n}));\n',
  );
  expectSuccess(await sdk(["account", "login"], `${platform.token}\n`), "sdk account login");
  // Refused for the missing secret, after linking the folder to the worker the secret is set on.
  assert.match((await sdk(["deploy"])).stderr, /SDK_DEPLOY_ENV_MISSING/);
  expectSuccess(await sdk(["secret", "put", "API_KEY"], SECRET), "sdk secret put");
});

test.after(async () => {
  await platform.close();
});

test("the build leaves the page to the deploy instead of failing on its missing bindings", async () => {
  const run = expectSuccess(await sdk(["build"]), "sdk build");
  assert.match(run.stdout, /prerendered later, by sdk deploy on the uploaded version, before it gets traffic/);
  assert.match(run.stdout, /\/stats \(pages\/stats\.tsx reads [^)]*\bDB\b/);
});

test("--dry-run says which pages it would prerender, and sends nothing", async () => {
  const before = platform.requests.length;
  const run = expectSuccess(await sdk(["deploy", "--dry-run"]), "sdk deploy --dry-run");
  assert.match(run.stdout, /would prerender \/stats \(pages\/stats\.tsx reads [^)]+\) on the uploaded version before it gets traffic/);
  assert.is(platform.requests.length, before);
});

test("the first deploy renders the page with D1 and the secret, and the first visitor gets that copy", async () => {
  const run = expectSuccess(await sdk(["deploy"]), "sdk deploy");
  assert.match(run.stdout, /prerendered \/stats, \/stats\/__data\.json on deploy-app\.acme\.workers\.dev/);
  const first = await visit(PRODUCTION, "/stats");
  assert.is(first.status, 200, first.text);
  assert.is(first.cache, "HIT", "rendered by the deploy, not by this visitor");
  assert.match(first.text, `release 1: 0 notes, key of ${SECRET.length}`);
  assert.not.ok(`${run.stdout}${run.stderr}`.includes(SECRET));
});

test("a staged deploy renders the page at the new version's preview URL before traffic moves, then on production", async () => {
  edit("src/release.ts", 'export const RELEASE = "release 2";\n');
  const run = expectSuccess(await sdk(["deploy"]), "second sdk deploy");
  const preview = /prerendered \/stats, \/stats\/__data\.json on ([0-9a-f]{8}-deploy-app\.acme\.workers\.dev)/.exec(run.stdout);
  assert.ok(preview, run.stdout);
  assert.match(run.stdout, /prerendered \/stats, \/stats\/__data\.json on deploy-app\.acme\.workers\.dev/);
  assert.ok(run.stdout.indexOf(preview[1]) < run.stdout.indexOf("is live"), "rendered at the preview URL before the release went live");
  const first = await visit(PRODUCTION, "/stats");
  assert.is(first.cache, "HIT");
  assert.match(first.text, "release 2: 0 notes");
});

test("a page that fails on the uploaded version stops the release, names the page, and production keeps the old version", async () => {
  edit("pages/broken.tsx", "export const prerender = true;\n\nexport default function Broken() {\n  return <p>never</p>;\n}\n");
  edit("pages/broken.server.ts", 'import { defineHandler } from "sdk";\nimport { env } from "sdk/env";\n\nexport const loader = defineHandler(() => {\n  if (env.API_KEY) throw new Error("the upstream refused");\n  return {};\n});\n');
  edit("src/release.ts", 'export const RELEASE = "release 3";\n');
  const before = platform.requests.length;
  const run = await sdk(["deploy"]);
  rmSync(path.join(root, "pages/broken.tsx"));
  rmSync(path.join(root, "pages/broken.server.ts"));
  assert.is(run.code, 1, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stderr, /SDK_DEPLOY_PRERENDER_FAILED/);
  assert.match(run.stderr, /prerendering \/broken \(pages\/broken\.tsx\) answered HTTP 500/);
  assert.match(run.stderr, /traffic stays on the previous version/);
  assert.not.match(run.stderr, /\n\s+at /, "no stack trace");
  assert.ok(writes(before).some((request) => request.path.endsWith("/versions")), "the version was uploaded");
  assert.not.ok(writes(before).some((request) => request.method === "POST" && request.path.endsWith("/deployments")), "no deployment moved traffic");
  assert.match((await visit(PRODUCTION, "/stats")).text, "release 2");
});

test.run();
