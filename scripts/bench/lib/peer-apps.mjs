// The apps of the peers figure: each peer's page (scripts/bench/peers/<id>/) in a scratch folder
// with its pinned dependencies installed from npm (peers.json), and ours built by the packed
// package (`npm pack` of this repository, lib/ as built) rather than the repository's CLI, as a
// user's install would build it. Every build and server runs on the Node.js binary given, which
// also comes first on PATH, so a `node` a build spawns is that one too.
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BENCH_ROOT, copyApp, REPO_ROOT, scratchDir } from "./apps.mjs";

export const PEERS = JSON.parse(readFileSync(path.join(BENCH_ROOT, "peers.json"), "utf8"));

/** The page's data, the very file our apps load (apps/ssr/shared/items.ts). */
const ITEMS_FILE = path.join(BENCH_ROOT, "apps", "ssr", "shared", "items.ts");

/** What every build and server of the figure runs with: telemetry off, production mode, `node` on PATH. */
export function peerEnv(node) {
  return {
    PATH: `${path.dirname(node.binary)}${path.delimiter}${process.env.PATH}`,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NUXT_TELEMETRY_DISABLED: "1",
    NO_COLOR: "1",
  };
}

function run(command, args, cwd, env) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 64 * 2 ** 20 });
  if (result.status !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().split("\n").slice(-40).join("\n");
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed (${result.status ?? result.signal}) in ${cwd}\n${output}`);
  }
}

/**
 * The peer's page in a fresh scratch folder with its dependencies installed, exactly the pinned
 * versions (npm's `--install-strategy` left at its default, scripts as npm runs them).
 * Resolves with the folder; throws with npm's output when the install fails.
 */
export function installPeer(id, node) {
  const peer = PEERS.peers[id];
  const dir = scratchDir(`peer-${id}`);
  cpSync(path.join(BENCH_ROOT, "peers", id), dir, { recursive: true });
  cpSync(ITEMS_FILE, path.join(dir, peer.items));
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ name: `bench-peer-${id}`, private: true, type: "module", dependencies: peer.dependencies }, null, 2)}\n`);
  run("npm", ["install", "--no-audit", "--no-fund", "--save-exact"], dir, peerEnv(node));
  return dir;
}

/** A cold build of the peer: what an earlier build left is removed first. Resolves with its wall time in seconds. */
export function buildPeer(id, dir, node) {
  const peer = PEERS.peers[id];
  for (const output of peer.clean) rmSync(path.join(dir, output), { recursive: true, force: true });
  const started = performance.now();
  run(node.binary, peer.build, dir, peerEnv(node));
  return (performance.now() - started) / 1000;
}

/** The startServer spec of the peer's production server. */
export function peerServer(id, dir, node) {
  const { start } = PEERS.peers[id];
  return { command: node.binary, args: (port) => start.map((arg) => arg.replace("{port}", String(port))), cwd: dir, env: peerEnv(node) };
}

let packedCli;

/**
 * This repository packed (`npm pack --ignore-scripts`: lib/ as `npm run build` left it) and
 * unpacked into a scratch folder whose node_modules is the repository's, so the packed CLI finds
 * its dependencies as an installed one finds them beside it. Resolves with its cli/bin.mjs.
 */
function packedSdkCli() {
  if (packedCli) return packedCli;
  const dir = scratchDir("peers-packed-sdk");
  const packed = spawnSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], { cwd: REPO_ROOT, encoding: "utf8" });
  if (packed.status !== 0) throw new Error(`npm pack failed\n${packed.stderr}`);
  const [{ filename }] = JSON.parse(packed.stdout);
  run("tar", ["xzf", path.join(dir, filename), "-C", dir], dir, {});
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  packedCli = path.join(dir, "package", "cli", "bin.mjs");
  return packedCli;
}

/** Our app of the peer's library, copied into the scratch folder (a copy per peer). */
export function copyOurApp(id) {
  return copyApp(PEERS.peers[id].ours, `peers-ours-${id}`);
}

/** A cold `sdk build --target node` of our app by the packed package. Resolves with its wall time in seconds. */
export function buildOurs(root, node) {
  for (const output of [".sdk", "dist"]) rmSync(path.join(root, output), { recursive: true, force: true });
  const cli = packedSdkCli();
  const started = performance.now();
  run(node.binary, [cli, "build", "--root", root, "--target", "node"], root, peerEnv(node));
  return (performance.now() - started) / 1000;
}

/** The startServer spec of our built app. */
export function ourServer(root, node) {
  return { command: node.binary, args: [path.join(root, "dist", "server", "index.mjs")], cwd: root, env: peerEnv(node) };
}
