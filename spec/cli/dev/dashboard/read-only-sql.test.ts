/** The data tab's query box runs reads only: one statement, naming no keyword that writes, quotes and comments seen through. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readOnlyRefusal } from "../../../../cli/dev/dashboard/read-only-sql.ts";

test("a read runs: SELECT, WITH … SELECT, EXPLAIN, VALUES, a keyword inside a string or a quoted name", () => {
  for (const sql of [
    "SELECT * FROM notes",
    "select count(*) from notes;",
    "WITH recent AS (SELECT * FROM notes) SELECT * FROM recent",
    "EXPLAIN QUERY PLAN SELECT * FROM notes",
    "VALUES (1), (2)",
    "SELECT 'drop table notes; delete' AS text",
    'SELECT "update" FROM notes',
    "SELECT id -- delete everything\nFROM notes",
    "SELECT /* insert */ id FROM notes",
    "SELECT todo, dough FROM notes",
  ]) assert.is(readOnlyRefusal(sql), null, sql);
});

test("a write, a second statement, or anything but a read is refused, saying why", () => {
  const cases: [string, RegExp][] = [
    ["DELETE FROM notes", /only a read runs here/],
    ["WITH x AS (SELECT 1) DELETE FROM notes", /names DELETE/],
    ["WITH gone AS (DELETE FROM notes RETURNING *) SELECT * FROM gone", /names DELETE/],
    ["SELECT 1; DROP TABLE notes", /one statement at a time/],
    ["SELECT 1; -- \n; DELETE FROM notes", /one statement at a time/],
    ["SELECT * INTO copy FROM notes", /names INTO/],
    ["PRAGMA writable_schema = 1", /only a read runs here/],
    ["ATTACH DATABASE 'x.db' AS x", /only a read runs here/],
    ["   ", /empty/],
    ["/* only a comment */", /empty/],
    ["SELECT 'unterminated; DELETE FROM notes", /not closed/],
    ["SELECT 1 /* DELETE FROM notes", /not closed/],
  ];
  for (const [sql, why] of cases) {
    const refusal = readOnlyRefusal(sql);
    assert.ok(refusal, sql);
    assert.match(refusal!, why, sql);
  }
});

test.run();
