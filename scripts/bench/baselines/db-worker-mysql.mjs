// Hand-written Hono worker on MySQL: the route of apps/db-mysql as a developer writes it with
// Drizzle by hand: a mysql2 pool per request from the Hyperdrive binding's fields (Hyperdrive pools
// the real connections), ended after the response. Bundled by the same Rollup plugins as ours
// (lib/bundle-worker.mjs) and run in the same Miniflare against the same database.
import { eq } from "drizzle-orm";
import { int, mysqlTable, text } from "drizzle-orm/mysql-core";
import { drizzle } from "drizzle-orm/mysql2";
import { Hono } from "hono";
import { createPool } from "mysql2/promise";

const posts = mysqlTable("posts", {
  id: int("id").primaryKey(),
  title: text("title").notNull(),
});

const app = new Hono();

app.get("/api/posts/:id", async (c) => {
  const { host, port, user, password, database } = c.env.DB;
  // Workers forbid code generation from strings, which mysql2's row parsers use unless told not to.
  // The statement cache is sized as ours (runtime/db/mysql.ts), so the figure compares the layers
  // and not a mysql2 setting: at its default mysql2 allocates 0.5 MB per connection, which halves
  // the rate, and the local workerd keeps every closed connection, so it runs out of heap.
  const pool = createPool({ host, port, user, password, database, connectionLimit: 5, disableEval: true, maxPreparedStatements: 16 });
  try {
    const [post] = await drizzle(pool).select().from(posts).where(eq(posts.id, Number(c.req.param("id"))));
    return post ? c.json(post) : c.json({ error: "not found" }, 404);
  } finally {
    c.executionCtx.waitUntil(pool.end());
  }
});

export default app;
