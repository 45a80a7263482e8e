import { defineMiddleware } from "sdk";

export const log = defineMiddleware(async (c, next) => {
  await next();
});
