/**
 * Which worker on which account this folder deploys to: `.sdk/link.json`, written by
 * `sdk project link` (or the first `sdk deploy`). `.sdk/` is not committed, so each clone links
 * once; the worker name itself lives in the config (`edge.name`) when the user sets it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { error, UserError } from "../../compiler/diagnostics.js";

export interface ProjectLink {
  accountId: string;
  workerName: string;
  linkedAt: string;
}

export const LINK_FILE = path.join(".sdk", "link.json");

export function readLink(root: string): ProjectLink | undefined {
  const file = path.join(root, LINK_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as ProjectLink;
    if (typeof value.accountId === "string" && typeof value.workerName === "string") return value;
  } catch {
    // Reported below.
  }
  throw new UserError([error("SDK_LINK_INVALID", `${LINK_FILE} is not a link sdk wrote`, { file: LINK_FILE, hint: "run sdk project link again; it replaces the file" })]);
}

export function writeLink(root: string, link: ProjectLink): void {
  mkdirSync(path.join(root, ".sdk"), { recursive: true });
  writeFileSync(path.join(root, LINK_FILE), `${JSON.stringify(link, null, 2)}\n`);
}

export function notLinked(purpose: string): UserError {
  return new UserError([error("SDK_NOT_LINKED", `${purpose} needs this folder linked to a project on the platform`, {
    hint: "run sdk project link (it chooses or creates the worker), or sdk deploy once",
  })]);
}
