/**
 * A plugin's tables and the app's `additionalFields` as users run them: `sdk db generate`
 * evaluates auth.ts (`defineAuth(() => ...)` reading sdk/env, a placeholder there) and adds
 * twoFactor's `two_factor` table, `user.two_factor_enabled` and `user.favorite_color` to the
 * migrations of each dialect, `sdk db migrate` applies them, and the built worker, in workerd
 * through `sdk preview`, signs up with the field, reads it back and enables two-factor.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startBuilt, withServer } from "../../helpers/e2e/targets.ts";
import { withDatabase, type ServerDialect } from "../../helpers/databases.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";

const ACCOUNT = { email: "grace@example.com", password: "correct horse battery", name: "Grace", favoriteColor: "teal" };

/** The fixture for a dialect, generated and migrated; returns the migration's SQL. */
function generateAndMigrate(dialect: "sqlite" | ServerDialect, env: Record<string, string>): { root: string; sql: string } {
  const root = copyFixture("fixtures", "auth-plugins");
  if (dialect !== "sqlite") {
    // The D1 app's own table and its sdk/db route are SQLite's; auth's tables alone here.
    rmSync(path.join(root, "db"), { recursive: true });
    rmSync(path.join(root, "routes", "api", "two-factor-rows.ts"));
    writeFileSync(path.join(root, "sdk.config.ts"), `import { defineConfig } from "sdk/config";\nexport default defineConfig({ database: "${dialect}" });\n`);
  }
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  const dir = path.join(root, "db", "migrations");
  const [migration] = readdirSync(dir).filter((name) => name.endsWith(".sql"));
  expectSuccess(runSdk(["db", "migrate", "--root", root], { env }), "sdk db migrate");
  return { root, sql: readFileSync(path.join(dir, migration!), "utf8") };
}

test("D1: twoFactor's table and column and an additional field, migrated; sign-up with the field, read back, two-factor enabled in workerd", async () => {
  const { root, sql } = generateAndMigrate("sqlite", {});
  assert.match(sql, "CREATE TABLE `two_factor`");
  assert.match(sql, "FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade");
  assert.match(sql, "`two_factor_enabled` integer DEFAULT false");
  assert.match(sql, "`favorite_color` text");
  assert.match(sql, "CREATE TABLE `notes`");
  expectSuccess(runSdk(["build", "--root", root, "--target", "edge"]), "sdk build");
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const post = (endpoint: string, body: unknown, cookie = "") =>
      fetch(`${server.url}/api/auth/${endpoint}`, { method: "POST", headers: { "content-type": "application/json", origin: server.url, cookie }, body: JSON.stringify(body) });
    const signedUp = await post("sign-up/email", ACCOUNT);
    assert.is(signedUp.status, 200, await signedUp.clone().text());
    assert.is((await signedUp.json()).user.favoriteColor, "teal", "better-auth stored and returned the additional field");
    const cookie = signedUp.headers.getSetCookie().find((c) => c.includes(".session_token="))!.split(";")[0]!;
    assert.equal(await (await fetch(`${server.url}/api/me`, { headers: { cookie } })).json(), { email: ACCOUNT.email, favoriteColor: "teal", twoFactorEnabled: false });

    assert.is((await post("two-factor/enable", { password: "wrong password!" }, cookie)).status, 400);
    const enabled = await post("two-factor/enable", { password: ACCOUNT.password }, cookie);
    assert.is(enabled.status, 200, await enabled.clone().text());
    const { totpURI, backupCodes } = await enabled.json();
    assert.match(totpURI, /^otpauth:\/\/totp\/Plugins%20Fixture:/, "the issuer auth.ts read from sdk/env in the worker");
    assert.is(backupCodes.length, 10);
    const rows = await (await fetch(`${server.url}/api/two-factor-rows`)).json();
    assert.is(rows.length, 1, "a row in two_factor");
    assert.is(rows[0].verified, 0, "not verified until a TOTP code is");
  });
});

for (const dialect of ["pg", "mysql"] satisfies ServerDialect[]) {
  test(`${dialect}: sdk db generate adds two_factor, two_factor_enabled and favorite_color; sdk db migrate creates them`, async () => {
    await withDatabase(dialect, async (database) => {
      const { sql } = generateAndMigrate(dialect, { DATABASE_URL: database.url });
      if (dialect === "mysql") {
        assert.match(sql, "`user_id` varchar(36) NOT NULL");
        assert.match(sql, "`secret` varchar(255) NOT NULL");
        assert.match(sql, "FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON DELETE cascade");
      } else {
        assert.match(sql, '"two_factor_enabled" boolean DEFAULT false');
        assert.match(sql, 'REFERENCES "public"."user"("id") ON DELETE cascade');
      }
      const columns = await database.query(
        "SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_name IN ('two_factor', 'user') AND table_schema = " +
          (dialect === "pg" ? "'public'" : "DATABASE()"),
      );
      const names = columns.map((row) => `${row.t}.${row.c}`);
      for (const column of ["two_factor.secret", "two_factor.backup_codes", "two_factor.user_id", "two_factor.verified", "user.two_factor_enabled", "user.favorite_color"]) {
        assert.ok(names.includes(column), `${column} in ${names.join(", ")}`);
      }
    });
  });
}

test.run();
