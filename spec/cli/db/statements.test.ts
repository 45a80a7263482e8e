import { test } from "uvu";
import * as assert from "uvu/assert";
import { splitStatements } from "../../../cli/db/statements.ts";

const sqlOf = (text: string, options = {}) => splitStatements(text, options).map((s) => s.sql);

test("splits at drizzle-kit's breakpoints, also right after a `;` on the same line", () => {
  const text = "PRAGMA foreign_keys=OFF;--> statement-breakpoint\nCREATE TABLE a (\n  id integer\n);\n--> statement-breakpoint\nDROP TABLE b;";
  assert.equal(sqlOf(text), ["PRAGMA foreign_keys=OFF", "CREATE TABLE a (\n  id integer\n)", "DROP TABLE b"]);
});

test("splits at a `;` that ends a line, a comment after it allowed, and not at one inside a line", () => {
  assert.equal(sqlOf("SELECT 1; -- one\nSELECT 2;   \nSELECT 3; SELECT 4;\n"), ["SELECT 1", "SELECT 2", "SELECT 3; SELECT 4"]);
});

test("a `;` ending a line inside a string, a quoted name or a comment does not split", () => {
  const text = "INSERT INTO t VALUES ('a;\nb', \"c;\nd\", `e;\nf`);\n/* g;\nh */ SELECT 1;\n-- i;\nSELECT 2";
  assert.equal(sqlOf(text), ["INSERT INTO t VALUES ('a;\nb', \"c;\nd\", `e;\nf`)", "SELECT 1", "SELECT 2"]);
});

test("doubled quotes stay inside the string", () => {
  assert.equal(sqlOf("SELECT 'it''s;\n';\nSELECT 2;"), ["SELECT 'it''s;\n'", "SELECT 2"]);
});

test("a PostgreSQL $$ or $tag$ body is one statement", () => {
  const text = "DO $$ BEGIN\n ALTER TABLE a ADD x int;\nEXCEPTION\n WHEN duplicate_object THEN null;\nEND $$;\nCREATE FUNCTION f() RETURNS int AS $body$\n SELECT 1;\n$body$ LANGUAGE sql;\nSELECT $1;";
  assert.equal(sqlOf(text), [
    "DO $$ BEGIN\n ALTER TABLE a ADD x int;\nEXCEPTION\n WHEN duplicate_object THEN null;\nEND $$",
    "CREATE FUNCTION f() RETURNS int AS $body$\n SELECT 1;\n$body$ LANGUAGE sql",
    "SELECT $1",
  ]);
});

test("a trigger's BEGIN ... END body is one statement", () => {
  const text = "CREATE TRIGGER t AFTER INSERT ON a BEGIN\n  UPDATE b SET n = n + 1;\n  DELETE FROM c;\nEND;\nSELECT 1;";
  assert.equal(sqlOf(text), ["CREATE TRIGGER t AFTER INSERT ON a BEGIN\n  UPDATE b SET n = n + 1;\n  DELETE FROM c;\nEND", "SELECT 1"]);
});

test("a backslash escapes a quote only when asked (MySQL)", () => {
  const text = "INSERT INTO t VALUES ('Ada\\'s;\nnotes');\nSELECT 2;";
  assert.equal(sqlOf(text, { backslashEscapes: true }), ["INSERT INTO t VALUES ('Ada\\'s;\nnotes')", "SELECT 2"]);
  assert.equal(sqlOf("SELECT 'C:\\';\nSELECT 2;"), ["SELECT 'C:\\'", "SELECT 2"]);
});

test("each statement starts at its first line that is not a comment", () => {
  const statements = splitStatements("-- header\n\nCREATE TABLE a (id int);\n--> statement-breakpoint\n/* b */\nCREATE TABLE b (\n  id int\n);\n");
  assert.equal(statements.map((s) => [s.line, s.sql.split("\n")[0]]), [[3, "CREATE TABLE a (id int)"], [6, "CREATE TABLE b ("]]);
});

test("a file of comments, blanks and empty statements has no statements", () => {
  assert.equal(sqlOf("-- nothing yet\n\n;\n/* really */\n--> statement-breakpoint\n"), []);
});

test.run();
