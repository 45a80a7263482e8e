// The local D1 database of an app copy: `sdk db migrate` creates it under `<app>/.sdk/state/v3`,
// rows go in through Miniflare's D1 API on that state, and each worker under test gets its own
// copy of the folder, because two workerd processes must not write one SQLite file.
import { cpSync } from "node:fs";
import path from "node:path";
import { Miniflare } from "miniflare";
import { localD1DatabaseId } from "../../../lib/compiler/db/database.js";

/** Where `sdk db migrate` and `sdk preview` keep an app's local state. */
export function localPersistRoot(root) {
  return path.join(root, ".sdk", "state", "v3");
}

/** Runs `sql` in the built app's D1 database (the first of its wrangler.json's `d1_databases`). */
export async function runInLocalD1(root, wrangler, sql) {
  const [entry] = wrangler.d1_databases;
  // cf: false keeps Miniflare from fetching a real `request.cf` from the network at start.
  const mf = new Miniflare({
    modules: true,
    script: "export default {}",
    cf: false,
    defaultPersistRoot: localPersistRoot(root),
    d1Databases: { [entry.binding]: localD1DatabaseId(entry) },
  });
  try {
    const db = await mf.getD1Database(entry.binding);
    await db.prepare(sql).run();
  } finally {
    await mf.dispose();
  }
}

/** A copy of the app's local state in `dir`, for one worker. */
export function copyLocalState(root, dir) {
  cpSync(localPersistRoot(root), dir, { recursive: true });
  return dir;
}
