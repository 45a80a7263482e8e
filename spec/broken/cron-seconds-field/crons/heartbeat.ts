import { defineScheduled } from "sdk";

export const schedule = "*/30 * * * * *";

export default defineScheduled(() => {
  console.log("heartbeat");
});
