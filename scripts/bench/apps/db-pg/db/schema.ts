import { integer, pgTable, text } from "sdk/schema-pg";

export const posts = pgTable("posts", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
});
