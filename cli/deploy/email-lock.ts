/**
 * The contract: direct edge mail setup records a `SEND_EMAIL` binding in sdk.lock.json, so the
 * worker keeps its sending binding on every later build (even one whose code does not import
 * `sdk/email` yet). The lock's `resolved` sits under the `edge` passthrough, so an authored
 * `edge.send_email` still wins on the upload.
 */
import { LOCK_FILE, readJson, writeLockFile } from "../../compiler/project-files.js";
import { SEND_EMAIL_BINDING } from "../../runtime/email/send.js";

type Json = Record<string, unknown>;

/** The send_email entries with `SEND_EMAIL` among them; written to the lock unless `record` is false (a dry run). */
export function recordSendEmail(root: string, wrangler: Json, record: boolean): Json[] {
  const current = Array.isArray(wrangler.send_email) ? (wrangler.send_email as Json[]) : [];
  const entries = current.some((entry) => entry.name === SEND_EMAIL_BINDING) ? current : [...current, { name: SEND_EMAIL_BINDING }];
  if (record) {
    const lock = readJson(root, LOCK_FILE) ?? {};
    const resolved: Json = { ...((lock.resolved as Json | undefined) ?? {}), send_email: entries };
    writeLockFile(root, { ...lock, resolved: Object.fromEntries(Object.keys(resolved).sort().map((key) => [key, resolved[key]])) });
  }
  return entries;
}
