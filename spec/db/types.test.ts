/**
 * `db` from "sdk/db" typed by the app's schema through what `sdk prepare` writes, checked by the
 * real `tsc`: right uses have their types asserted, wrong ones carry `// @ts-expect-error`, so a
 * clean exit means every expectation held. `sdk`, `sdk/db` and `sdk/schema*` resolve to this
 * checkout's sources.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../compiler/pipeline.ts";
import { emitPrepareFiles } from "../../emitters/prepare.ts";
import { REPO_ROOT } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";

const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
const runtime = (file: string) => [path.join(REPO_ROOT, "runtime", file)];

function write(root: string, file: string, lines: string[]): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), `${lines.join("\n")}\n`);
}

async function typeCheck(fixture: string, check: string[]): Promise<{ code: number; output: string }> {
  const root = scratchDir(`db-types-${fixture}`);
  cpSync(path.join(REPO_ROOT, "spec", "fixtures", fixture), root, { recursive: true });
  write(root, "tsconfig.json", [JSON.stringify({
    extends: "./.sdk/tsconfig.json",
    compilerOptions: {
      types: ["node"],
      typeRoots: [path.join(REPO_ROOT, "node_modules", "@types")],
      paths: {
        "sdk": runtime("index.ts"),
        "sdk/config": [path.join(REPO_ROOT, "compiler", "config", "define.ts")],
        "sdk/db": runtime("db/index.ts"),
        "sdk/schema": runtime("db/schema-sqlite.ts"),
        "sdk/schema-pg": runtime("db/schema-pg.ts"),
        "sdk/schema-mysql": runtime("db/schema-mysql.ts"),
      },
    },
  })]);
  const ir = await analyze({ root });
  for (const file of emitPrepareFiles(ir, { nodeTypes: false })) write(root, path.join(".sdk", file.path), [file.content]);
  write(root, "routes/_check.ts", check);
  const result = spawnSync(process.execPath, [TSC, "-p", root, "--noEmit", "--pretty", "false"], { encoding: "utf8" });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
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
