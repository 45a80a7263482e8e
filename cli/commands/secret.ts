/**
 * `sdk secret <action>`: put, in its own module. An unknown action is not repeated in the error:
 * it may be a value typed on the command line.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import type { GlobalOptions } from "../main.js";

const ACTIONS = {
  put: async (args: string[], flags: GlobalOptions) => (await import("./secret-put.js")).secretPutCommand(args, flags),
} as const;

export async function secretCommand(action: string, args: string[], flags: GlobalOptions): Promise<void> {
  const run = ACTIONS[action as keyof typeof ACTIONS];
  if (!run) {
    throw new UserError([error("SDK_UNKNOWN_COMMAND", "`sdk secret` has no action by that name.", { hint: `Use sdk secret ${Object.keys(ACTIONS).join(", sdk secret ")}.` })]);
  }
  await run(args, flags);
}
