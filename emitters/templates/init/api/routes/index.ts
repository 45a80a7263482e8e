import { defineHandler } from "sdk";

export const GET = defineHandler(() => ({ app: "sdk", try: "/api/hello/world" }));
