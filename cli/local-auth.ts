/**
 * What auth reads when the worker runs on this machine (`sdk preview`; the generated worker of
 * `sdk dev` likewise): the `AUTH_*` and `BETTER_AUTH_*` variables of the environment or the root
 * `.env` (a variable set in the shell wins), and, when neither sets a secret, one made for this
 * machine and kept in `.sdk/state/auth-secret`, so sessions outlive a restart. A deployment never
 * gets it: there `sdk secret put AUTH_SECRET` sets the secret.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SECRET_VARIABLES } from "../runtime/auth/secret.js";
import { readEnvFile } from "./dev/env-file.js";
import { STATE_DIR } from "./local-state.js";

const AUTH_VARIABLE = /^(BETTER_)?AUTH_/;

export function localAuthVars(root: string): Record<string, string> {
  const shell = Object.entries(process.env).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const vars = Object.fromEntries(Object.entries({ ...readEnvFile(root), ...Object.fromEntries(shell) }).filter(([name]) => AUTH_VARIABLE.test(name)));
  return SECRET_VARIABLES.some((name) => vars[name]) ? vars : { ...vars, AUTH_SECRET: localSecret(root) };
}

function localSecret(root: string): string {
  const file = path.join(root, STATE_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Whether the last build has auth, from the IR it wrote (`.sdk/ir.json`). */
export function builtWithAuth(root: string): boolean {
  const file = path.join(root, ".sdk", "ir.json");
  return existsSync(file) && (JSON.parse(readFileSync(file, "utf8")) as { auth?: unknown }).auth != null;
}
