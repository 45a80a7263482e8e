/**
 * `sdk secret <action>`: put, list and delete, each in its own module. An unknown action is not repeated in the error:
 * it may be a value typed on the command line.
 */
import { findAction } from "../command-actions.js";
import type { GlobalOptions } from "../options.js";

const ACTIONS = {
  put: async (args: string[], flags: GlobalOptions) => (await import("./secret-put.js")).secretPutCommand(args, flags),
  list: async (args: string[], flags: GlobalOptions) => (await import("./secret-list.js")).secretListCommand(args, flags),
  delete: async (args: string[], flags: GlobalOptions) => (await import("./secret-delete.js")).secretDeleteCommand(args, flags),
} as const;

export async function secretCommand(action: string, args: string[], flags: GlobalOptions): Promise<void> {
  await findAction("secret", ACTIONS, action)(args, flags);
}
