import { defineHandler } from "sdk";

export const actions = {
  send: defineHandler(() => undefined),
  archive: async () => undefined,
};
