// The hand-written Hono app every runtime's baseline serves: the same two routes and bodies as
// scripts/bench/apps/hello.
import { Hono } from "hono";

export const app = new Hono();
app.get("/api/hello", (c) => c.json({ message: "hello, world" }));
app.get("/api/users/:id", (c) => c.json({ id: c.req.param("id") }));
