import { integer, sqliteTable, text } from "sdk/schema";
import { authTables } from "sdk/auth";

// The mistake: a foreign key to auth's user table, whose tables exist only in the worker.
export const notes = sqliteTable("notes", {
  id: integer("id").primaryKey(),
  userId: text("user_id").notNull().references(() => authTables.user.id),
});
