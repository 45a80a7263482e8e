// Hand-written Hono worker on PostgreSQL: the route of apps/db-pg as a developer writes it with
// Drizzle by hand: a postgres.js client per request from the Hyperdrive binding's connection
// string (Hyperdrive pools the real connections), ended after the response. Bundled by the same
// Rollup plugins as ours (lib/bundle-worker.mjs) and run in the same Miniflare against the same
// database.
import { eq } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/postgres-js";
import { Hono } from "hono";
import postgres from "postgres";

const posts = pgTable("posts", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
});

const app = new Hono();

app.get("/api/posts/:id", async (c) => {
  const sql = postgres(c.env.DB.connectionString, { max: 5, fetch_types: false });
  try {
    const [post] = await drizzle(sql).select().from(posts).where(eq(posts.id, Number(c.req.param("id"))));
    return post ? c.json(post) : c.json({ error: "not found" }, 404);
  } finally {
    c.executionCtx.waitUntil(sql.end());
  }
});

export default app;
