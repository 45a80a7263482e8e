import { integer, sqliteTable, text } from "sdk/schema";

export const notes = sqliteTable("notes", { id: integer("id").primaryKey(), body: text("body") });
