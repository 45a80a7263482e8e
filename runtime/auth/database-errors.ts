/**
 * A database without the auth tables fails deep inside better-auth's adapter with the driver's
 * words (`no such table: user`, `relation "session" does not exist`). This names the fix.
 */
const MISSING_TABLE = /no such table|does not exist|doesn't exist|Unknown table/i;
const AUTH_TABLES = /\b(user|session|account|verification)\b/;

export function isMissingAuthTable(error: unknown): boolean {
  const text = messagesOf(error);
  return MISSING_TABLE.test(text) && AUTH_TABLES.test(text);
}

export const MISSING_TABLES_MESSAGE =
  "sdk/auth: the database has no auth tables (user, session, account, verification). Run `sdk db generate` to add them to db/migrations, then `sdk db migrate` (sdk dev applies pending migrations when it starts).";

/** The error and its causes, as drivers wrap them (Drizzle's query error holds the driver's). */
function messagesOf(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) parts.push(current.message);
  return parts.join("\n");
}
