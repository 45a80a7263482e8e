import { integer, sqliteTable, text } from "sdk/schema";

// Auth needs a table named "user" for its own.
export const users = sqliteTable("user", {
  id: integer("id").primaryKey(),
  name: text("name"),
});
