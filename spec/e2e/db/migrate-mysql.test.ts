/** `sdk db migrate` and `sdk db status` on MariaDB at DATABASE_URL, a fresh database per test. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectSuccess } from "../../helpers/sdk-cli.ts";
import { MARIADB, POSTS, SEED, USERS } from "../../helpers/db/migrate-app.ts";
import { migrationScenarios } from "../../helpers/db/scenarios.ts";

migrationScenarios(test, MARIADB);

test("MariaDB: the output says schema changes are not transactional; --dry-run is refused and changes nothing", () =>
  MARIADB.withApp(async (app) => {
    const applied = expectSuccess(app.sdk("migrate"), "sdk db migrate");
    assert.match(applied.stdout, "MySQL commits schema changes at once: a migration that fails keeps the statements before the failing one");
    app.addExtra("20260105000000_user_email.sql");
    const dry = app.sdk("migrate", "--dry-run");
    assert.is(dry.code, 1);
    assert.match(dry.stderr, "error SDK_DB_DRY_RUN_UNAVAILABLE: a dry run is not possible on MySQL");
    assert.equal(await app.history(), [USERS, POSTS, SEED]);
  }));

test.run();
