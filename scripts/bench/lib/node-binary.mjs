// The Node.js binary the peers figure runs every build and server on: the version peers.json pins,
// from npm's `node` package (which fetches the official binary) installed into a scratch folder,
// so the comparison runs on Node.js 24 whatever Node.js runs the bench. When that install fails
// (no registry), the bench's own Node.js is used, with a warning, since a ratio between two
// servers on one binary still means something; the JSON result names the version either way.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { scratchDir } from "./apps.mjs";

function versionOf(binary) {
  const result = spawnSync(binary, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** Resolves with `{ binary, version, pinned }`: `pinned` false when the fallback was taken. */
export function nodeBinary(version, log) {
  const dir = scratchDir(`node-${version}`);
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefix", dir, `node@${version}`], { encoding: "utf8" });
  const binary = path.join(dir, "node_modules", "node", "bin", "node");
  const installed = install.status === 0 ? versionOf(binary) : undefined;
  if (installed === `v${version}`) return { binary, version: installed, pinned: true };
  log(`WARNING: could not install node@${version} from npm (${install.status === 0 ? `it reports ${installed}` : install.stderr.trim().split("\n").at(-1)}); the peers run on this Node.js, ${process.version}, instead`);
  return { binary: process.execPath, version: process.version, pinned: false };
}
