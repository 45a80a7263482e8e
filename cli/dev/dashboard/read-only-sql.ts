/**
 * What the dashboard's query box may run on the local D1 database: one statement that reads.
 * D1 has no read-only transaction, so the statement is checked before it is sent: comments and
 * quoted text are blanked, then it must be a single SELECT (or WITH ... SELECT, EXPLAIN, VALUES)
 * naming no keyword that writes. PostgreSQL and MySQL run it in a read-only transaction as well.
 */

const READS = /^(select|with|explain|values)\b/i;
const WRITES = /\b(insert|update|delete|replace|upsert|create|drop|alter|attach|detach|pragma|vacuum|reindex|analyze|grant|revoke|truncate|copy|call|do|lock|set|into|returning)\b/i;

/** Why the statement may not run, or null when it only reads. */
export function readOnlyRefusal(sql: string): string | null {
  const bare = blankQuotedAndComments(sql).trim().replace(/;\s*$/, "");
  if (bare === "") return "the query is empty";
  if (bare.includes(";")) return "run one statement at a time";
  if (!READS.test(bare)) return "only a read runs here: SELECT, WITH … SELECT, EXPLAIN or VALUES";
  const write = WRITES.exec(bare);
  if (write) return `only a read runs here, and this names ${write[1]!.toUpperCase()}`;
  return null;
}

/** Comments dropped and the insides of quotes blanked, so a keyword in a string literal is not taken for one. */
function blankQuotedAndComments(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, " ")
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, " ")
    .replace(/'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?/g, (quoted) => `${quoted[0]}${" ".repeat(Math.max(0, quoted.length - 2))}${quoted[0]}`);
}
