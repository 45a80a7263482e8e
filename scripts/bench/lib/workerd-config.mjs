// A workerd config (Cap'n Proto text) that serves one worker module on its own, as the platform
// runs it: no Miniflare entry worker, proxy or asset router in front. For figures whose worker
// needs no bindings (throughput, route scale, cold start, SSR); the database and auth figures keep Miniflare,
// which stands in for D1 and Hyperdrive. The compatibility date and flags and the plain-text
// `vars` come from the app's wrangler.json, so ours and the hand-written workers run alike.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const TEMPLATE = `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = {{socket}}, address = "127.0.0.1:8787", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker.mjs", esModule = embed {{module}})],
  compatibilityDate = {{date}},
  compatibilityFlags = {{flags}},
  bindings = {{bindings}},
);
`;

/** The socket's name in the config, for `workerd serve --socket-addr http=<host>:<port>`, which sets the port. */
export const WORKERD_SOCKET = "http";

/** Writes the config beside the worker module (its `embed` path is relative) and returns its path. */
export function writeWorkerdConfig(wranglerPath, workerPath) {
  const wrangler = JSON.parse(readFileSync(wranglerPath, "utf8"));
  const vars = Object.entries(wrangler.vars ?? {}).map(([name, value]) => `(name = ${text(name)}, text = ${text(String(value))})`);
  const slots = {
    socket: text(WORKERD_SOCKET),
    module: text(path.basename(workerPath)),
    date: text(wrangler.compatibility_date),
    flags: `[${(wrangler.compatibility_flags ?? []).map(text).join(", ")}]`,
    bindings: `[${vars.join(", ")}]`,
  };
  const file = path.join(path.dirname(path.resolve(workerPath)), `${path.basename(workerPath)}.workerd.capnp`);
  writeFileSync(file, TEMPLATE.replace(/{{(\w+)}}/g, (_, slot) => slots[slot]));
  return file;
}

/** A Cap'n Proto text literal: JSON's string escapes are a subset of its own. */
const text = (value) => JSON.stringify(value);
