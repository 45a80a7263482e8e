import { defineScheduled } from "sdk";

// Sunday in Unix cron; Cloudflare counts weekdays from 1 = Sunday.
export const cron = "0 9 * * 0";

export default defineScheduled(() => {
  console.log("weekly report");
});
