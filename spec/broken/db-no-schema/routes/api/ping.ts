import { defineHandler } from "sdk";
import { db, sql } from "sdk/db";

export const GET = defineHandler(() => db.run(sql`select 1`));
