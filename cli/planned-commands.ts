/**
 * Commands the contract names that this version does not have yet. `sdk` knows them so that a
 * user is told "not available in this version yet" rather than "unknown command", and `sdk --help`
 * shows the contract's whole command set. Implementing a command means removing its entry here.
 */
import { error, type Diagnostic } from "../compiler/diagnostics.js";

export interface PlannedCommand {
  /** The words after `sdk`, as the contract names them: "deploy", "gen model". */
  name: string;
  /** What it will do, for `sdk --help`. */
  description: string;
}

export const PLANNED_COMMANDS: readonly PlannedCommand[] = [
  { name: "deploy", description: "Build, migrate and deploy to the edge platform (--atomic, --require-email)" },
  { name: "secret put", description: "Set a production secret" },
  { name: "account login", description: "Log in to the edge platform" },
  { name: "project link", description: "Link this folder to a project on the edge platform" },
];

/**
 * The planned command that `args` (the words after `sdk`, options removed) asks for. cac sees
 * `sdk gen model` as command `gen` with argument `model`, so names are matched word by word. A
 * first word that only starts planned commands (`sdk db`, `sdk db frob`) is reported on its own.
 */
export function findPlannedCommand(args: readonly unknown[]): string | undefined {
  const words = args.map(String);
  const exact = PLANNED_COMMANDS.find((command) => command.name.split(" ").every((word, index) => words[index] === word));
  if (exact) return exact.name;
  return PLANNED_COMMANDS.some((command) => command.name.split(" ")[0] === words[0]) ? words[0] : undefined;
}

/** `available`: the commands this version has, named in the hint so the user sees what to use instead. */
export function commandUnavailable(name: string, available: readonly string[]): Diagnostic {
  return error("SDK_COMMAND_UNAVAILABLE", `\`sdk ${name}\` is not available in this version yet.`, {
    hint: `this version has sdk ${listInWords(available)}; run sdk --help for what each does`,
  });
}

/** The `sdk --help` section listing the planned commands, aligned like cac's own "Commands". */
export function plannedCommandsHelp(): { title: string; body: string } {
  const width = Math.max(...PLANNED_COMMANDS.map((command) => command.name.length));
  return {
    title: "Coming in a later version",
    body: PLANNED_COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.description}`).join("\n"),
  };
}

function listInWords(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
