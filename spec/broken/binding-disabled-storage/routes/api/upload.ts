import { defineHandler } from "sdk";
import { storage } from "sdk/storage";

export const PUT = defineHandler(async (c) => storage.put("upload", await c.req.arrayBuffer()));
