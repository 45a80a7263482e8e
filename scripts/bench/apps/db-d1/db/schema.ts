import { integer, sqliteTable, text } from "sdk/schema";

export const posts = sqliteTable("posts", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
});
