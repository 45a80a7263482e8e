import { defineHandler } from "sdk";
import { requireUser } from "sdk/auth";

export const GET = defineHandler((c) => requireUser(c));
