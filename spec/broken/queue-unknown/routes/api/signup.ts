import { defineHandler } from "sdk";
import { queue } from "sdk/queue";

export const POST = defineHandler(async (c) => {
  await queue("emial").send({ to: c.req.query("to") });
  return { ok: true };
});
