/** `sdk project <action>`: link, in its own module. */
import { findAction } from "../command-actions.js";
import type { ProjectLinkFlags } from "./project-link.js";

const ACTIONS = {
  link: async (args: string[], flags: ProjectLinkFlags) => (await import("./project-link.js")).projectLinkCommand(args, flags),
} as const;

export async function projectCommand(action: string, args: string[], flags: ProjectLinkFlags): Promise<void> {
  await findAction("project", ACTIONS, action, "a project command")(args, flags);
}
