import { defineHandler } from "sdk";

/** One in-memory list per server process: enough to see a post land and the loader re-run. */
const entries: string[] = [];

export const loader = defineHandler(() => ({ entries }));

export const actions = {
  sign: defineHandler(async (c) => {
    const form = await c.req.formData();
    const name = String(form.get("name") ?? "").trim();
    if (name.length < 2) return c.json({ name: "Write at least two letters." }, 422);
    entries.push(name);
    return undefined;
  }),
  leave: defineHandler(() => new Response(null, { status: 302, headers: { Location: "/about" } })),
};
