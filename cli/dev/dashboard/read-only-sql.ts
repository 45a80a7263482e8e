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
  const blanked = blankQuotedAndComments(sql);
  if (blanked === null) return "a quote or a comment is not closed";
  const bare = blanked.trim().replace(/;\s*$/, "");
  if (bare === "") return "the query is empty";
  if (bare.includes(";")) return "run one statement at a time";
  if (!READS.test(bare)) return "only a read runs here: SELECT, WITH … SELECT, EXPLAIN or VALUES";
  const write = WRITES.exec(bare);
  if (write) return `only a read runs here, and this names ${write[1]!.toUpperCase()}`;
  return null;
}

/**
 * Comments dropped and the insides of quotes blanked, left to right as the database reads them,
 * so a keyword in a string literal is not taken for one; null when one is not closed.
 */
function blankQuotedAndComments(sql: string): string | null {
  let open = false;
  const blanked = sql.replace(/--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?/g, (found) => {
    if (found.startsWith("--")) return " ";
    if (found.startsWith("/*")) {
      open ||= !found.endsWith("*/") || found.length < 4;
      return " ";
    }
    open ||= found.length < 2 || !found.endsWith(found[0]!);
    return `${found[0]}${" ".repeat(Math.max(0, found.length - 2))}${found[0]}`;
  });
  return open ? null : blanked;
}
