import { defineHandler } from "sdk";

/** GET /api/users and POST /api/users; other methods are not routed. */
export const GET = defineHandler(() => [{ id: "1" }, { id: "2" }]);

export const POST = defineHandler(async (c) => {
  const { name } = await c.req.json<{ name: string }>();
  return c.json({ id: crypto.randomUUID(), name }, 201);
});
