/** `sdk project <action>`: link, in its own module. */
import { error, UserError } from "../../compiler/diagnostics.js";
import type { ProjectLinkFlags } from "./project-link.js";

const ACTIONS = {
  link: async (args: string[], flags: ProjectLinkFlags) => (await import("./project-link.js")).projectLinkCommand(args, flags),
} as const;

export async function projectCommand(action: string, args: string[], flags: ProjectLinkFlags): Promise<void> {
  const run = ACTIONS[action as keyof typeof ACTIONS];
  if (!run) {
    throw new UserError([error("SDK_UNKNOWN_COMMAND", `\`sdk project ${action}\` is not a project command.`, { hint: `Use sdk project ${Object.keys(ACTIONS).join(", sdk project ")}.` })]);
  }
  await run(args, flags);
}
