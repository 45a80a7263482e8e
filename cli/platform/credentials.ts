/**
 * The API token `sdk account login` stores, outside any project: `<config home>/sdk/credentials.json`
 * with mode 0600 (config home: `SDK_CONFIG_HOME`, else `XDG_CONFIG_HOME`, else `~/.config`).
 * `SDK_API_TOKEN` (or wrangler's `CLOUDFLARE_API_TOKEN`) wins over the file, for CI.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { error, UserError } from "../../compiler/diagnostics.js";

export interface Credentials {
  token: string;
  accountId: string;
  accountName: string;
  savedAt: string;
}

export function credentialsFile(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.SDK_CONFIG_HOME || path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config"), "sdk");
  return path.join(home, "credentials.json");
}

export function readCredentials(env: NodeJS.ProcessEnv = process.env): Credentials | undefined {
  const file = credentialsFile(env);
  if (!existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as Credentials;
    if (typeof value.token === "string" && typeof value.accountId === "string") return value;
  } catch {
    // An unreadable file is reported below, like a missing token.
  }
  throw new UserError([error("SDK_CREDENTIALS_INVALID", `${file} is not a credentials file sdk wrote`, { hint: "run sdk account login again; it replaces the file" })]);
}

export function writeCredentials(credentials: Credentials, env: NodeJS.ProcessEnv = process.env): string {
  const file = credentialsFile(env);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return file;
}

/** The token and account to use: the environment's token first, else the stored login. */
export function resolveLogin(env: NodeJS.ProcessEnv = process.env): { token: string; accountId?: string } | undefined {
  const token = env.SDK_API_TOKEN || env.CLOUDFLARE_API_TOKEN;
  const accountId = env.SDK_ACCOUNT_ID || env.CLOUDFLARE_ACCOUNT_ID;
  if (token) return { token, accountId: accountId || readCredentialsQuietly(env)?.accountId };
  const stored = readCredentials(env);
  return stored && { token: stored.token, accountId: accountId || stored.accountId };
}

function readCredentialsQuietly(env: NodeJS.ProcessEnv): Credentials | undefined {
  try {
    return readCredentials(env);
  } catch {
    return undefined;
  }
}

export function notLoggedIn(purpose: string): UserError {
  return new UserError([error("SDK_NOT_LOGGED_IN", `${purpose} needs the platform's API, and sdk is not logged in`, {
    hint: "run sdk account login (or set SDK_API_TOKEN in CI)",
  })]);
}
