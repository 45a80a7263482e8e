/**
 * What a migration's statements do to whole tables: create, drop, rename. Enough SQL reading for
 * the data-loss guard to follow a table through renames (`ALTER TABLE users RENAME TO users_old`
 * then `DROP TABLE users_old` drops what the database knows as `users`) in the SQLite, PostgreSQL
 * and MySQL spellings drizzle-kit and people write.
 */
import type { Statement } from "./statements.js";

export type TableChange =
  | { kind: "create"; table: string; statement: Statement }
  | { kind: "drop"; table: string; statement: Statement }
  | { kind: "rename"; from: string; to: string; statement: Statement };

const PART = String.raw`(?:"(?:[^"]|"")*"|\x60(?:[^\x60]|\x60\x60)*\x60|\[[^\]]*\]|[^\s."\x60[\](),;]+)`;
const NAME = new RegExp(String.raw`^\s*(${PART}(?:\s*\.\s*${PART})*)\s*`);
const CREATE = /^CREATE\s+(?:(?:GLOBAL|LOCAL)\s+)?(?:TEMP\s+|TEMPORARY\s+|UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?/i;
const DROP = /^DROP\s+(?:TEMPORARY\s+)?TABLE\s+(?:IF\s+EXISTS\s+)?/i;
const ALTER = /^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?/i;
const RENAME_CLAUSE = /^RENAME\s+(?:TO\s+|AS\s+)?(?!COLUMN\b|CONSTRAINT\b|INDEX\b|KEY\b)/i;
const RENAME_TABLE = /^RENAME\s+TABLES?\s+/i;

/** The last part of a possibly quoted, schema-qualified name, lowercased: unquoted SQL names match without case. */
export function tableName(raw: string): string {
  const parts = [...raw.matchAll(new RegExp(PART, "g"))].map(([part]) => unquote(part));
  return (parts.at(-1) ?? "").toLowerCase();
}

export function tableChanges(statements: readonly Statement[]): TableChange[] {
  return statements.flatMap((statement) => changesOf(withoutComments(statement.sql), statement));
}

function changesOf(sql: string, statement: Statement): TableChange[] {
  let match: RegExpExecArray | null;
  if ((match = CREATE.exec(sql))) {
    const [name] = readName(sql.slice(match[0].length));
    return name ? [{ kind: "create", table: name, statement }] : [];
  }
  if ((match = DROP.exec(sql))) {
    return readList(sql.slice(match[0].length)).map((table) => ({ kind: "drop", table, statement }));
  }
  if ((match = ALTER.exec(sql))) {
    const [from, rest] = readName(sql.slice(match[0].length));
    const clause = RENAME_CLAUSE.exec(rest);
    const [to] = clause ? readName(rest.slice(clause[0].length)) : [""];
    return from && to ? [{ kind: "rename", from, to, statement }] : [];
  }
  if ((match = RENAME_TABLE.exec(sql))) {
    return sql.slice(match[0].length).split(",").flatMap((pair) => {
      const [from, rest] = readName(pair);
      const [to] = readName(rest.replace(/^TO\s+/i, ""));
      return from && to ? [{ kind: "rename" as const, from, to, statement }] : [];
    });
  }
  return [];
}

/** The name at the start of `text` and what follows it; "" when there is none. */
function readName(text: string): [string, string] {
  const match = NAME.exec(text);
  return match ? [tableName(match[1]), text.slice(match[0].length)] : ["", text];
}

function readList(text: string): string[] {
  const names: string[] = [];
  let rest = text;
  for (;;) {
    const [name, after] = readName(rest);
    if (!name) return names;
    names.push(name);
    if (!after.startsWith(",")) return names;
    rest = after.slice(1);
  }
}

function unquote(part: string): string {
  const quote = part[0];
  if (quote === '"' || quote === "`") return part.slice(1, -1).replaceAll(quote + quote, quote);
  return quote === "[" ? part.slice(1, -1) : part;
}

function withoutComments(sql: string): string {
  return sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ").trim();
}
