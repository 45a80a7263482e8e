// Hand-written Hono worker on D1: the route of apps/db-d1 as a developer writes it with Drizzle by
// hand, one Drizzle database over the D1 binding per isolate. Bundled by the same Rollup plugins as
// ours (lib/bundle-worker.mjs) and run in the same Miniflare, on its own copy of the same D1 state.
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Hono } from "hono";

const posts = sqliteTable("posts", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
});

let db;
const app = new Hono();

app.get("/api/posts/:id", async (c) => {
  db ??= drizzle(c.env.DB);
  const [post] = await db.select().from(posts).where(eq(posts.id, Number(c.req.param("id"))));
  return post ? c.json(post) : c.json({ error: "not found" }, 404);
});

export default app;
