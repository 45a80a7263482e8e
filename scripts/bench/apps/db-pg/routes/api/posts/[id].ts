import { defineHandler } from "sdk";
import { db, eq } from "sdk/db";
import { posts } from "../../../db/schema";

/** GET /api/posts/:id: one row read by its primary key, as JSON. */
export const GET = defineHandler(async (c) => {
  const [post] = await db.select().from(posts).where(eq(posts.id, Number(c.req.param("id"))));
  return post ?? c.json({ error: "not found" }, 404);
});
