/**
 * Splits a migration file into statements, as drizzle-kit writes them: at each
 * `--> statement-breakpoint` marker, and at a `;` that ends a line. A `;` inside a string, a quoted
 * name, a comment, a PostgreSQL `$$` body or a trigger's `BEGIN ... END` does not split. Each
 * statement runs on its own, which D1's batch and mysql2 without `multipleStatements` need, and
 * which lets a failure name the statement.
 */

export interface Statement {
  /** The statement without its closing `;`, from its first character that is not a comment. */
  sql: string;
  /** 1-based line in the file where it starts. */
  line: number;
}

export interface SplitOptions {
  /** MySQL reads `\'` inside a string as a quote; PostgreSQL and SQLite do not. */
  backslashEscapes?: boolean;
}

const BREAKPOINT = "--> statement-breakpoint";
const TRIGGER_START = /^CREATE\s+(?:TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i;
const TRIGGER_END = /\bEND\s*$/i;

export function splitStatements(text: string, options: SplitOptions = {}): Statement[] {
  const statements: Statement[] = [];
  let start = -1;
  let startLine = 1;
  let line = 1;
  const finish = (end: number) => {
    const sql = start >= 0 ? text.slice(start, end).trim() : "";
    if (sql) statements.push({ sql, line: startLine });
    start = -1;
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === "\n") {
      line++;
      i++;
    } else if (text.startsWith("--", i)) {
      const end = lineEnd(text, i);
      if (text.slice(i, end).trimEnd() === BREAKPOINT) finish(i);
      i = end;
    } else if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      const end = close === -1 ? text.length : close + 2;
      line += countLines(text, i, end);
      i = end;
    } else if (/\s/.test(char)) {
      i++;
    } else {
      if (start < 0) {
        start = i;
        startLine = line;
      }
      if (char === ";" && endsLine(text, i + 1) && !insideTrigger(text.slice(start, i))) {
        finish(i);
        i++;
        continue;
      }
      const end = quotedEnd(text, i, options);
      line += countLines(text, i, end);
      i = end;
    }
  }
  finish(text.length);
  return statements;
}

/** Where a quoted string, name or `$tag$` body opened at `i` ends; `i + 1` for any other character. */
function quotedEnd(text: string, i: number, options: SplitOptions): number {
  const char = text[i];
  if (char === "'" || char === '"' || char === "`") {
    let j = i + 1;
    while (j < text.length) {
      if (options.backslashEscapes && char === "'" && text[j] === "\\") j += 2;
      else if (text[j] === char && text[j + 1] === char) j += 2;
      else if (text[j] === char) return j + 1;
      else j++;
    }
    return text.length;
  }
  if (char === "$" && !/[\w$]/.test(text[i - 1] ?? "")) {
    const tag = /^\$(?:[A-Za-z_]\w*)?\$/.exec(text.slice(i))?.[0];
    if (tag) {
      const close = text.indexOf(tag, i + tag.length);
      return close === -1 ? text.length : close + tag.length;
    }
  }
  return i + 1;
}

/** Whether only blanks or a `--` comment follow `from` on its line. */
function endsLine(text: string, from: number): boolean {
  const rest = text.slice(from, lineEnd(text, from)).trimStart();
  return rest === "" || rest.startsWith("--");
}

function insideTrigger(statement: string): boolean {
  return TRIGGER_START.test(statement) && !TRIGGER_END.test(statement);
}

function lineEnd(text: string, from: number): number {
  const newline = text.indexOf("\n", from);
  return newline === -1 ? text.length : newline;
}

function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let j = from; j < to; j++) if (text[j] === "\n") lines++;
  return lines;
}
