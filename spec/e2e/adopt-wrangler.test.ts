/**
 * `sdk init` in a wrangler project as one is found in the wild: a git repository with
 * wrangler.toml (or wrangler.jsonc), a worker in src/index.ts, a D1 database whose first migration
 * wrangler already applied locally, and `wrangler dev`/`wrangler deploy` scripts. Afterwards
 * nothing is lost to git, the scripts run sdk, `sdk db migrate` applies only what wrangler did
 * not, the date printed is the date written, and the built app answers from the worker's own
 * fetch handler on the edge and on node.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startBuilt, withServer } from "../helpers/e2e/targets.ts";
import { withDev } from "../helpers/dev-server.ts";
import { expectSuccess, installedApps, REPO_ROOT, runSdk } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";
import { waitFor } from "../helpers/wait-for.ts";

const DATABASE_ID = "00000000-0000-4000-8000-000000000001";

const PLAIN_WORKER = `interface Env {
  DB: D1Database;
  GREETING: string;
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/notes") {
      const { results } = await env.DB.prepare("SELECT body FROM notes ORDER BY id").all();
      return Response.json(results.map((row) => row.body));
    }
    if (request.method === "POST") return new Response(\`posted \${await request.text()}\`, { status: 201, headers: { "x-worker": "original" } });
    ctx.waitUntil(Promise.resolve());
    return new Response(\`\${env.GREETING} at \${url.pathname}\`, { headers: { "x-worker": "original" } });
  },
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(env.DB.prepare("INSERT INTO notes (body) VALUES (?)").bind(\`cron \${controller.cron}\`).run());
  },
} satisfies ExportedHandler<Env>;
`;

const HONO_WORKER = `import { Hono } from "hono";

const app = new Hono<{ Bindings: { GREETING: string; NOTES_DB: D1Database } }>();
app.get("/notes", async (c) => c.json((await c.env.NOTES_DB.prepare("SELECT body FROM notes ORDER BY id").all()).results.map((row) => row.body)));
app.get("*", (c) => c.text(\`\${c.env.GREETING} at \${c.req.path}\`, 200, { "x-worker": "hono" }));

export default app;
`;

const WRANGLER_TOML = `name = "notes-worker"
main = "src/index.ts"
compatibility_date = "2025-04-01"

[vars]
GREETING = "hello from wrangler"

[[d1_databases]]
binding = "DB"
database_name = "notes"
database_id = "${DATABASE_ID}"
migrations_dir = "sql"

[triggers]
crons = ["*/5 * * * *"]
`;

const WRANGLER_JSONC = `{
  // the worker as wrangler knew it
  "name": "notes-hono",
  "main": "src/index.ts",
  "vars": { "GREETING": "hello from hono" },
  "d1_databases": [{ "binding": "NOTES_DB", "database_name": "notes", "database_id": "${DATABASE_ID}" }],
}
`;

const SCRIPTS = {
  dev: "wrangler dev",
  start: "wrangler dev --port 8788",
  deploy: "wrangler deploy",
  "cf-typegen": "wrangler types",
  "db:apply": "wrangler d1 migrations apply DB --local",
  test: "vitest",
  tail: "wrangler tail --format pretty",
};

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8", timeout: 120_000 });
  assert.is(result.status, 0, `${command} ${args.join(" ")}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const git = (root: string, ...args: string[]) => run("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], root);

interface Project {
  config: [file: string, text: string];
  worker: string;
  migrationsDir: string;
  /** The binding in the worker's SQL, for wrangler's migrate command. */
  binding: string;
}

/** A committed wrangler project whose first migration wrangler applied to its local D1 database. */
function wranglerProject(name: string, project: Project): string {
  const root = scratchDir(name, installedApps());
  mkdirSync(path.join(root, "src"));
  mkdirSync(path.join(root, project.migrationsDir));
  writeFileSync(path.join(root, project.config[0]), project.config[1]);
  writeFileSync(path.join(root, "src", "index.ts"), project.worker);
  writeFileSync(path.join(root, project.migrationsDir, "0001_create_notes.sql"), "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);\nINSERT INTO notes (body) VALUES ('first');\n");
  writeFileSync(path.join(root, "package.json"), `${JSON.stringify({ name, private: true, scripts: SCRIPTS, devDependencies: { wrangler: "^4.0.0" } }, null, 2)}\n`);
  writeFileSync(path.join(root, ".gitignore"), "node_modules\n.wrangler\n");
  // wrangler's update check writes to the temporary folder, which the suite checks is left clean.
  const wranglerTmp = scratchDir(`${name}-wrangler-tmp`);
  run(path.join(REPO_ROOT, "node_modules", ".bin", "wrangler"), ["d1", "migrations", "apply", project.binding, "--local"], root, { CI: "1", WRANGLER_SEND_METRICS: "false", TMPDIR: wranglerTmp });
  // Written after wrangler ran: pending for whoever migrates next.
  writeFileSync(path.join(root, project.migrationsDir, "0002_second_note.sql"), "INSERT INTO notes (body) VALUES ('second');\n");
  git(root, "init", "-q");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "the wrangler project");
  return root;
}

/** After `git add -A`: every file git had is still there, or renamed whole. */
function assertNothingLost(root: string): Map<string, string> {
  git(root, "add", "-A");
  const lines = git(root, "diff", "--cached", "-M100%", "--name-status").trim().split("\n");
  assert.equal(lines.filter((line) => line.startsWith("D")), [], `nothing deleted:\n${lines.join("\n")}`);
  return new Map(lines.filter((line) => line.startsWith("R100")).map((line) => line.split("\t").slice(1) as [string, string]));
}

function initialise(root: string): string {
  const result = expectSuccess(runSdk(["init", "--root", root]), "sdk init in the wrangler project");
  expectSuccess(runSdk(["prepare", "--root", root]), "sdk prepare");
  return result.stdout;
}

test("wrangler.toml with a plain worker: nothing lost to git, scripts rewritten, migrations kept in order, the date printed is the one written", async () => {
  const root = wranglerProject("adopt-toml", { config: ["wrangler.toml", WRANGLER_TOML], worker: PLAIN_WORKER, migrationsDir: "sql", binding: "DB" });
  const output = initialise(root);

  const renamed = assertNothingLost(root);
  assert.is(renamed.get("wrangler.toml"), "config-migration/wrangler.toml", "the original config is tracked");
  assert.is(readFileSync(path.join(root, "config-migration", "wrangler.toml"), "utf8"), WRANGLER_TOML);
  assert.is(renamed.get("sql/0001_create_notes.sql"), "db/migrations/0001_create_notes.sql");
  assert.is(renamed.get("sql/0002_second_note.sql"), "db/migrations/0002_second_note.sql");

  const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts;
  assert.equal(scripts, {
    dev: "sdk dev",
    start: "sdk dev --port 8788",
    deploy: "sdk deploy",
    "cf-typegen": "sdk prepare",
    "db:apply": "sdk db migrate",
    test: "vitest",
    tail: "wrangler tail --format pretty",
    build: "sdk build",
    preview: "sdk preview",
    postinstall: "sdk prepare",
  });
  assert.match(output, 'scripts.dev: "wrangler dev" -> "sdk dev"');
  assert.match(output, "scripts.tail still runs wrangler");

  const written = /compatibility_date: "([\d-]+)"/.exec(readFileSync(path.join(root, "sdk.config.ts"), "utf8"))?.[1];
  assert.is(written, "2025-04-01");
  assert.is(/worker\.compatibility_date (\S+)/.exec(output)?.[1], written, "the date printed is the date written");
  assert.match(output, "worker.compatibility_date 2025-04-01 (from wrangler.toml)");
  assert.match(output, "routes/[...path].ts");
  assert.match(output, "crons/worker.ts");
  assert.not.match(readFileSync(path.join(root, "sdk.config.ts"), "utf8"), "triggers", "sdk writes triggers.crons from crons/");

  const migrated = JSON.parse(expectSuccess(runSdk(["db", "migrate", "--json", "--root", root]), "sdk db migrate").stdout);
  assert.equal(migrated.applied.map((m: { name: string }) => m.name), ["0002_second_note.sql"], "wrangler applied 0001 already");
  assert.is(migrated.alreadyApplied, 1);
  assert.equal(migrated.recorded.map((m: { name: string }) => m.name), ["0001_create_notes.sql"]);

  expectSuccess(runSdk(["build", "--root", root, "--target", "edge"]), "sdk build --target edge");
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const home = await fetch(`${server.url}/`);
    assert.is(home.status, 200, "/ itself is the worker's");
    assert.is(home.headers.get("x-worker"), "original");
    assert.is(await home.text(), "hello from wrangler at /");
    assert.is(await (await fetch(`${server.url}/any/where?x=1`)).text(), "hello from wrangler at /any/where");
    assert.equal(await (await fetch(`${server.url}/notes`)).json(), ["first", "second"], "wrangler's local data and the new migration");
    const posted = await fetch(`${server.url}/form`, { method: "POST", body: "a=1" });
    assert.is(posted.status, 201);
    assert.is(await posted.text(), "posted a=1");
    const fired = await fetch(`${server.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
    assert.is(fired.status, 200, "the worker's scheduled handler runs for its cron");
    const notes = async () => (await (await fetch(`${server.url}/notes`)).json()) as string[];
    await waitFor("the cron's row", async () => ((await notes()).length === 3 ? true : undefined));
    assert.equal(await notes(), ["first", "second", "cron */5 * * * *"]);
  });

  expectSuccess(runSdk(["build", "--root", root, "--target", "node"]), "sdk build --target node");
  await withServer(() => startBuilt(root, "node", { GREETING: "hello from node" }), async (server) => {
    const home = await fetch(`${server.url}/deep/path`);
    assert.is(home.headers.get("x-worker"), "original");
    assert.is(await home.text(), "hello from node at /deep/path");
    const posted = await fetch(`${server.url}/`, { method: "POST", body: "b" });
    assert.is(await posted.text(), "posted b");
  });
});

test("wrangler.jsonc with a Hono worker and a D1 binding not named DB: mounted, migrations found, today's date pinned and printed", async () => {
  const root = wranglerProject("adopt-jsonc", { config: ["wrangler.jsonc", WRANGLER_JSONC], worker: HONO_WORKER, migrationsDir: "migrations", binding: "NOTES_DB" });
  const output = initialise(root);
  const renamed = assertNothingLost(root);
  assert.is(renamed.get("wrangler.jsonc"), "config-migration/wrangler.jsonc");
  assert.ok(existsSync(path.join(root, ".sdk", "config-migration", "wrangler.jsonc")), "the contract's backup is there too");

  const written = /compatibility_date: "([\d-]+)"/.exec(readFileSync(path.join(root, "sdk.config.ts"), "utf8"))?.[1];
  assert.ok(written, "a wrangler file without a date gets one pinned");
  assert.is(/worker\.compatibility_date (\S+)/.exec(output)?.[1], written);
  assert.match(output, `worker.compatibility_date ${written} (today's`);

  const migrated = JSON.parse(expectSuccess(runSdk(["db", "migrate", "--json", "--root", root]), "sdk db migrate").stdout);
  assert.equal(migrated.applied.map((m: { name: string }) => m.name), ["0002_second_note.sql"]);

  expectSuccess(runSdk(["build", "--root", root, "--target", "edge"]), "sdk build --target edge");
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    assert.is(await (await fetch(`${server.url}/`)).text(), "hello from hono at /");
    const home = await fetch(`${server.url}/hi`);
    assert.is(home.headers.get("x-worker"), "hono");
    assert.is(await home.text(), "hello from hono at /hi");
    assert.equal(await (await fetch(`${server.url}/notes`)).json(), ["first", "second"]);
  });
  expectSuccess(runSdk(["build", "--root", root, "--target", "node"]), "sdk build --target node");
  await withServer(() => startBuilt(root, "node", { GREETING: "hono on node" }), async (server) => {
    assert.is(await (await fetch(`${server.url}/x`)).text(), "hono on node at /x");
  });
  // `npm run dev` is now `sdk dev`: the worker answers there too, with the local data.
  await withDev(root, async (server) => {
    assert.is(await (await fetch(`${server.url}/dev`)).text(), "hello from hono at /dev");
    assert.equal(await (await fetch(`${server.url}/notes`)).json(), ["first", "second"]);
  });
});

test.run();
