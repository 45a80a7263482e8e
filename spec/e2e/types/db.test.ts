/**
 * `db` from "sdk/db" typed by the app's schema through what `sdk prepare` writes, checked by the
 * real `tsc`: right uses have their types asserted, wrong ones carry `// @ts-expect-error`, so a
 * clean exit means every expectation held. `sdk`, `sdk/db` and `sdk/schema*` resolve to this
 * checkout's sources.
 */
import { cpSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../../build/pipeline.ts";
import { emitPrepareFiles } from "../../../emitters/prepare.ts";
import { REPO_ROOT } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";
import { runTsc, writeLines, writeSourceTsconfig } from "../../helpers/source-types.ts";

async function typeCheck(fixture: string, check: string[]): Promise<{ code: number; output: string }> {
  const root = scratchDir(`db-types-${fixture}`);
  cpSync(path.join(REPO_ROOT, "spec", "fixtures", fixture), root, { recursive: true });
  writeSourceTsconfig(root);
  const ir = await analyze({ root });
  for (const file of emitPrepareFiles(ir, { nodeTypes: false })) writeLines(root, path.join(".sdk", file.path), [file.content]);
  writeLines(root, "routes/_check.ts", check);
  return runTsc(root);
}

test("D1: rows, inserts and relational queries are typed by db/schema.ts", async () => {
  const { code, output } = await typeCheck("db-d1", [
    'import { db, eq } from "sdk/db";',
    'import { posts } from "../db/schema";',
    "",
    "export async function check() {",
    "  const rows = await db.select().from(posts).where(eq(posts.id, 1));",
    "  const title: string = rows[0]!.title;",
    "  // @ts-expect-error no such column",
    "  rows[0]!.body;",
    "  await db.insert(posts).values({ title });",
    "  // @ts-expect-error title is required",
    "  await db.insert(posts).values({});",
    "  const found = await db.query.posts.findFirst();",
    "  const id: number | undefined = found?.id;",
    "  // @ts-expect-error the row is typed: no such column",
    "  found?.nope;",
    "  return [id, db.batch];",
    "}",
  ]);
  assert.is(code, 0, output);
});

test("PostgreSQL: the database is postgres.js's, with the schema's tables", async () => {
  const { code, output } = await typeCheck("db-pg", [
    'import { db } from "sdk/db";',
    'import { posts } from "../db/schema";',
    "",
    "export async function check() {",
    "  const [created] = await db.insert(posts).values({ title: \"x\" }).returning();",
    "  const at: Date = created!.createdAt;",
    "  await db.transaction(async (tx) => tx.select().from(posts));",
    "  // @ts-expect-error D1's batch() is not PostgreSQL's",
    "  db.batch;",
    "  return at;",
    "}",
  ]);
  assert.is(code, 0, output);
});

test.run();
