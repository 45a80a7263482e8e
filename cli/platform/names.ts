/**
 * The names the platform commands take on the command line: a secret's (an environment variable
 * name, as env.ts declares them) and a worker's. A rejected secret name is never repeated in the
 * message: a user who typed the value where the name goes must not see it printed back.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import { toWorkerName } from "../../emitters/wrangler.js";

/** The rule env.ts applies to its keys, so a secret can be one of them. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The platform's limit on a binding's name. */
const MAX_SECRET_NAME = 255;
export const PUBLIC_PREFIX = "PUBLIC_";

export function isSecretName(name: string): boolean {
  return name.length <= MAX_SECRET_NAME && VARIABLE_NAME.test(name);
}

/** `command`: the one that takes the name, for the message when it is missing. */
export function checkSecretName(name: string | undefined, command: "sdk secret put" | "sdk secret delete" = "sdk secret put"): string {
  if (name === undefined || name === "") {
    throw new UserError([error("SDK_SECRET_NAME_MISSING", `\`${command}\` needs the secret's name`, {
      hint: command === "sdk secret put"
        ? "run sdk secret put NAME and give the value on stdin (printf %s \"$VALUE\" | sdk secret put NAME) or at the prompt"
        : "run sdk secret delete NAME; sdk secret list shows the worker's secret names",
    })]);
  }
  if (isSecretName(name)) return name;
  // Only the part before an `=` is shown: `NAME=value` is the likeliest slip, and its value must stay unprinted.
  const shown = name.includes("=") ? ` (${name.slice(0, name.indexOf("=")) || "an empty name"} followed by "=")` : "";
  throw new UserError([error("SDK_SECRET_NAME_INVALID", `the secret's name${shown} is not an environment variable name`, {
    hint: "use letters, digits and underscores, not starting with a digit (API_TOKEN); the value never goes on the command line: pipe it or type it at the prompt",
  })]);
}

/** Worker names are what `toWorkerName` makes: lowercase letters, digits and inner dashes, at most 63. */
export function isWorkerName(name: string): boolean {
  return name !== "" && toWorkerName(name) === name;
}

export function checkWorkerName(name: string, where: string): string {
  if (isWorkerName(name)) return name;
  throw new UserError([error("SDK_WORKER_NAME_INVALID", `${where} \`${name}\` is not a worker name`, {
    hint: `worker names are lowercase letters, digits and dashes, at most 63 characters, not starting or ending with a dash: ${toWorkerName(name)}`,
  })]);
}
