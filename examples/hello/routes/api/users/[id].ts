import { defineHandler } from "sdk";

const users = new Map([
  ["1", { id: "1", name: "Ada" }],
  ["2", { id: "2", name: "Grace" }],
]);

/** GET /api/users/:id */
export const GET = defineHandler((c) => {
  const user = users.get(c.req.param("id"));
  return user ?? c.json({ error: "no such user" }, 404);
});
