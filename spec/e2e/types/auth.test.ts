/**
 * Auth's tables in the app's queries, checked by the real `tsc`: `authTables` of "sdk/auth" typed
 * for the app's dialect, and `db` of "sdk/db" typed with them beside db/schema.ts through what
 * `sdk prepare` writes. Right uses have their types asserted, wrong ones carry
 * `// @ts-expect-error`, so a clean exit means every expectation held. `sdk/*` resolve to this
 * checkout's sources.
 */
import { cpSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../../build/pipeline.ts";
import { emitPrepareFiles } from "../../../emitters/prepare.ts";
import { REPO_ROOT } from "../../helpers/sdk-cli.ts";
import { removeScratch, scratchDir } from "../../helpers/scratch.ts";
import { runTsc, writeLines, writeSourceTsconfig } from "../../helpers/source-types.ts";

/** The fixture with `files` added, prepared as `sdk prepare` does, and `check` type-checked in it. */
async function typeCheck(fixture: string, files: Record<string, string[]>, check: string[]): Promise<{ code: number; output: string; dbTypes: string }> {
  const root = scratchDir(`auth-types-${fixture}`);
  try {
    cpSync(path.join(REPO_ROOT, "spec", "fixtures", fixture), root, { recursive: true });
    writeSourceTsconfig(root);
    for (const [file, lines] of Object.entries(files)) writeLines(root, file, lines);
    const ir = await analyze({ root });
    const prepared = emitPrepareFiles(ir, { nodeTypes: false });
    for (const file of prepared) writeLines(root, path.join(".sdk", file.path), [file.content]);
    writeLines(root, "routes/_check.ts", check);
    return { ...runTsc(root), dbTypes: prepared.find((file) => file.path === "types/db.d.ts")?.content ?? "" };
  } finally {
    removeScratch(root);
  }
}

test("D1: authTables are SQLite tables the app's queries select from and join; db.query has auth's tables beside the app's", async () => {
  const schema = ['import { integer, sqliteTable, text } from "sdk/schema";', "", 'export const posts = sqliteTable("posts", { id: integer("id").primaryKey(), authorId: text("author_id").notNull() });'];
  const { code, output, dbTypes } = await typeCheck("auth-d1", { "db/schema.ts": schema }, [
    'import { authTables } from "sdk/auth";',
    'import { db, eq } from "sdk/db";',
    'import { posts } from "../db/schema";',
    "",
    "const { user, account } = authTables;",
    "",
    "export async function check() {",
    "  const rows = await db.select({ email: user.email, verified: user.emailVerified, since: user.createdAt, provider: account.providerId })",
    "    .from(user).innerJoin(account, eq(account.userId, user.id));",
    "  const email: string = rows[0]!.email;",
    "  const verified: boolean = rows[0]!.verified;",
    "  const since: Date = rows[0]!.since;",
    "  const provider: string = rows[0]!.provider;",
    "  // @ts-expect-error not a column of user",
    "  user.password;",
    "  const authors = await db.select({ id: posts.id, name: user.name }).from(posts).innerJoin(user, eq(user.id, posts.authorId));",
    "  const name: string = authors[0]!.name;",
    "  const found = await db.query.user.findFirst({ where: eq(user.email, email) });",
    "  const image: string | null | undefined = found?.image;",
    "  // @ts-expect-error auth's tables are user, session, account and verification",
    "  db.query.users;",
    "  return [verified, since, provider, name, image, await db.query.posts.findMany()];",
    "}",
  ]);
  assert.match(dbTypes, 'schema: typeof import("../../db/schema.ts") & typeof import("sdk/runtime/auth/schema-sqlite");');
  assert.is(code, 0, output);
});

test("PostgreSQL: authTables are the pg tables, which a PostgreSQL db selects from", async () => {
  const { code, output } = await typeCheck("auth-pg", {}, [
    'import { authTables } from "sdk/auth";',
    'import { db, eq } from "sdk/db";',
    'import { notes } from "../db/schema";',
    "",
    "export async function check() {",
    "  const rows = await db.select({ email: authTables.user.email, body: notes.body }).from(notes).innerJoin(authTables.user, eq(authTables.user.id, notes.userId));",
    "  const email: string = rows[0]!.email;",
    "  const body: string = rows[0]!.body;",
    "  const sessions = await db.select().from(authTables.session).where(eq(authTables.session.userId, \"u1\"));",
    "  const expires: Date = sessions[0]!.expiresAt;",
    "  return [email, body, expires];",
    "}",
  ]);
  assert.is(code, 0, output);
});

test("an app without auth gets db.d.ts of its own schema only", async () => {
  const prepared = emitPrepareFiles((await analyzeCopy("db-d1")), { nodeTypes: false }).find((file) => file.path === "types/db.d.ts");
  assert.ok(prepared);
  assert.not.match(prepared.content, "auth");
});

async function analyzeCopy(fixture: string) {
  const root = scratchDir(fixture);
  try {
    cpSync(path.join(REPO_ROOT, "spec", "fixtures", fixture), root, { recursive: true });
    return await analyze({ root });
  } finally {
    removeScratch(root);
  }
}

test.run();
