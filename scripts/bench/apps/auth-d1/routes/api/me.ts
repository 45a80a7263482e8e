import { defineHandler } from "sdk";
import { requireUser } from "sdk/auth";

// A signed-in request: the session middleware looked the cookie's session up.
export const GET = defineHandler((c) => ({ email: requireUser(c).email }));
