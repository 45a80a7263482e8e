import { defineHandler } from "sdk";

export const GET = defineHandler(() => {
  return { ok: true ;
});
