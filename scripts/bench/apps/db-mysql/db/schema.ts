import { int, mysqlTable, text } from "sdk/schema-mysql";

export const posts = mysqlTable("posts", {
  id: int("id").primaryKey(),
  title: text("title").notNull(),
});
