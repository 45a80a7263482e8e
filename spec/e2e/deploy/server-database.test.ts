/**
 * `sdk deploy` of a PostgreSQL or MySQL app, against the platform API stand-in, with this
 * machine's PostgreSQL and MariaDB as the production database (a scratch database per dialect):
 * a dry run needs no URL and names the configuration it would create; without SDK_PRODUCTION_DATABASE_URL and no terminal the deploy is refused before any write; the
 * first deploy creates the Hyperdrive configuration from that URL, records its id in
 * sdk.lock.json, binds the worker to it and applies the migrations before the version goes live;
 * the second reuses it and applies only the new migration; an
 * edited applied migration and a destructive one (without --allow-data-loss) stop the deploy
 * before a version is uploaded (the guard's --allow-data-loss is
 * sdk db migrate's own, tested with it). The URL's password is in no argv, no output and no request but
 * the one that creates the configuration.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withDatabase, type ServerDatabase, type ServerDialect } from "../../helpers/databases.ts";
import { startPlatformApi, type PlatformApiStandIn } from "../../helpers/platform-api/index.ts";
import { copyFixture, expectSuccess, runSdkAsync, type CliResult } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const FIXTURES = { pg: "db-pg", mysql: "db-mysql" } as const;
const INIT: Record<ServerDialect, string> = {
  pg: "CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL, created_at timestamp NOT NULL DEFAULT now());\n",
  mysql: "CREATE TABLE posts (id int AUTO_INCREMENT PRIMARY KEY, title varchar(200) NOT NULL, views int NOT NULL DEFAULT 0, created_at timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP);\n",
};
const SECOND = "CREATE TABLE tags (id int PRIMARY KEY, name varchar(40) NOT NULL);\nCREATE TABLE post_tags (post_id int NOT NULL, tag_id int NOT NULL, FOREIGN KEY (tag_id) REFERENCES tags (id) ON DELETE CASCADE);\n";
/** Dropping a table another references with ON DELETE CASCADE: the data-loss guard's case. */
const DESTRUCTIVE = "DROP TABLE tags;\n";
/** The scratch database's password (spec/helpers/databases.ts), which must never be shown. */
const PASSWORD = "sdk_test";

for (const dialect of ["pg", "mysql"] satisfies ServerDialect[]) {
  test(`${dialect}: Hyperdrive from SDK_PRODUCTION_DATABASE_URL, created once; migrations applied to production with sdk db migrate's checks`, async () => {
    // The stand-in's workerd holds connections to the database: it stops before the database is dropped.
    await withDatabase(dialect, async (database) => {
      const platform = await startPlatformApi();
      try {
        await deploys(dialect, platform, database);
      } finally {
        await platform.close();
      }
    });
  });
}

async function deploys(dialect: ServerDialect, platform: PlatformApiStandIn, production: ServerDatabase): Promise<void> {
  const root = copyFixture("fixtures", FIXTURES[dialect]);
  const configHome = scratchDir(`server-db-deploy-home-${dialect}`);
  const runs: (CliResult & { argv: string[] })[] = [];
  const sdk = async (args: string[], env: Record<string, string> = {}, input?: string) => {
    const argv = [...args, "--root", root];
    const run = { ...(await runSdkAsync(argv, { env: { SDK_CONFIG_HOME: configHome, SDK_API_BASE_URL: platform.baseUrl, SDK_WORKERS_DEV_ORIGIN: platform.workersDevOrigin, SDK_DEPLOY_READINESS_ATTEMPTS: "2", ...env }, input })), argv };
    runs.push(run);
    return run;
  };
  const withUrl = { SDK_PRODUCTION_DATABASE_URL: production.url };
  const migration = (name: string, sql: string) => writeFileSync(path.join(root, "db", "migrations", name), sql);
  const lock = () => JSON.parse(readFileSync(path.join(root, "sdk.lock.json"), "utf8"));
  const uploads = () => platform.requests.filter((request) => request.method !== "GET" && /\/workers\/scripts\/[^/]+(\/versions)?$/.test(request.path)).length;
  const refused = (run: CliResult, code: string) => {
    assert.is(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stderr, code);
    assert.not.match(run.stderr, /\n\s+at /, "no stack trace");
  };
  const history = async () => (await production.query("SELECT name FROM d1_migrations ORDER BY id")).map((row) => row.name);

  mkdirSync(path.join(root, "db", "migrations"), { recursive: true });
  migration("20260101000000_init.sql", INIT[dialect]);
  const dryRun = expectSuccess(await sdk(["deploy", "--dry-run"]), "sdk deploy --dry-run");
  assert.match(dryRun.stdout, `would create Hyperdrive config ${FIXTURES[dialect]}-DB`);
  assert.match(dryRun.stdout, /not checked without the platform: the production database/);
  assert.is(platform.requests.length, 0, "a dry run asks for no URL and sends nothing");
  expectSuccess(await sdk(["account", "login"], {}, `${platform.token}\n`), "sdk account login");

  const before = platform.requests.length;
  const missing = await sdk(["deploy"]);
  refused(missing, "SDK_DEPLOY_DATABASE_URL_MISSING");
  assert.match(missing.stderr, /SDK_PRODUCTION_DATABASE_URL/);
  assert.equal(platform.requests.slice(before).filter((request) => request.method !== "GET"), [], "nothing was written");

  const first = expectSuccess(await sdk(["deploy"], withUrl), "the first deploy");
  const configs = [...platform.state.hyperdrive.values()];
  assert.is(configs.length, 1);
  assert.equal(lock().resolved.hyperdrive, [{ binding: "DB", id: configs[0]!.id }]);
  assert.is(configs[0]!.origin.database, new URL(production.url).pathname.slice(1));
  assert.match(first.stdout, `created Hyperdrive config ${FIXTURES[dialect]}-DB (${configs[0]!.id})`);
  assert.match(first.stdout, /applied migration 20260101000000_init\.sql/);
  assert.equal(await history(), ["20260101000000_init.sql"]);
  assert.equal(lock().migrations.DB.map((entry: { name: string }) => entry.name), ["20260101000000_init.sql"]);
  const bound = platform.requests.filter((request) => request.path.includes(`/workers/scripts/${FIXTURES[dialect]}`) && /"type":\s*"hyperdrive"/.test(request.bodyText));
  assert.ok(bound.length && bound.every((request) => request.bodyText.includes(`"id":"${configs[0]!.id}"`)), "the worker is bound to it (the stand-in refuses an id the account does not have)");

  migration("20260102000000_tags.sql", SECOND);
  const second = expectSuccess(await sdk(["deploy"], withUrl), "the second deploy");
  assert.is(platform.state.hyperdrive.size, 1, "the recorded configuration is reused");
  assert.is(platform.requests.filter((request) => request.method === "POST" && request.path.endsWith("/hyperdrive/configs")).length, 1);
  assert.not.match(second.stdout, /Hyperdrive config/);
  assert.not.match(second.stdout, /applied migration 20260101000000_init/);
  assert.match(second.stdout, /applied migration 20260102000000_tags\.sql/);
  assert.equal(await history(), ["20260101000000_init.sql", "20260102000000_tags.sql"]);

  const uploaded = uploads();
  migration("20260101000000_init.sql", `${INIT[dialect]}-- edited after it was applied\n`);
  refused(await sdk(["deploy"], withUrl), "SDK_MIGRATION_CHANGED");
  migration("20260101000000_init.sql", INIT[dialect]);
  migration("20260103000000_drop_tags.sql", DESTRUCTIVE);
  refused(await sdk(["deploy"], withUrl), "SDK_MIGRATION_DATA_LOSS");
  assert.is(uploads(), uploaded, "no version was uploaded by a refused deploy");
  assert.equal(await history(), ["20260101000000_init.sql", "20260102000000_tags.sql"]);

  for (const run of runs) {
    for (const text of [run.stdout, run.stderr, run.argv.join(" ")]) {
      assert.not.ok(text.includes(production.url) || text.includes(`:${PASSWORD}@`), `the URL or its password was shown:\n${text}`);
    }
  }
  const carrying = platform.requests.filter((request) => request.bodyText.includes(`"${PASSWORD}"`) || request.path.includes(PASSWORD));
  assert.equal(carrying.map((request) => `${request.method} ${request.path}`), [`POST /accounts/${platform.accountId}/hyperdrive/configs`]);
  assert.equal(platform.violations, []);
}

test.run();
