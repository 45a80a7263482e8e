import { defineHandler } from "sdk";
import { db } from "sdk/db";
import { notes } from "../../db/schema";

export const GET = defineHandler(() => db.select().from(notes));
