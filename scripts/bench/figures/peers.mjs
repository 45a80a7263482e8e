// The peers (issue 41, item 6; opt-in: `npm run bench -- --peers`): the same page, a loader
// returning 50 items rendered as a list in a root layout, written for SvelteKit (adapter-node),
// Nuxt, Next.js (pages router, getServerSideProps), React Router (framework mode) and SolidStart
// (scripts/bench/peers/<id>/), each installed at pinned versions from npm into a scratch folder
// (peers.json), against our app of the same library (apps/ssr or its twin) built by the packed
// package for node. Everything runs on one Node.js binary, the one peers.json pins
// (lib/node-binary.mjs). Per peer, three figures, each the peer's over ours (higher: ours ahead):
// - the server's CPU time per request of GET / (user+system of its process group, /proc), both
//   servers started once and warmed up, then rounds of N requests each, alternating which goes
//   first, the ratio taken within each round;
// - a cold build's wall time (outputs and caches removed), ours and the peer alternating;
// - a cold start, spawn to the first 200 of GET /, alternating.
// The goal of each row is half the lead recorded in peers.json: a change that halves it fails
// `--peers --check`. A peer that cannot be installed, built or started is reported with its error,
// and the others are still measured.
import { appFor, LIBRARIES } from "../lib/libraries.mjs";
import { load } from "../lib/load.mjs";
import { nodeBinary } from "../lib/node-binary.mjs";
import { buildOurs, buildPeer, copyOurApp, installPeer, ourServer, PEERS, peerServer } from "../lib/peer-apps.mjs";
import { groupCpuMs } from "../lib/process-cpu.mjs";
import { startAll, startServer, stopAll } from "../lib/servers.mjs";
import { interleavedSamples, summarize } from "../lib/stats.mjs";
import { ratioRow, renderTable } from "../lib/table.mjs";

const PAGE = "/";
const LEAD_CHECK = { margin: 0, why: "its goal is already half the lead recorded in peers.json (issue 41: a change that halves the lead is a regression)" };

function libraryOf(peer) {
  return LIBRARIES.find((library) => appFor("ssr", library) === peer.ours).name;
}

/** The server's CPU µs per request over `requests` requests of GET /, autocannon (a fixed count). */
async function cpuPerRequest(server, requests, options) {
  const before = groupCpuMs(server.pid);
  const done = await load(server.origin + PAGE, { requests, connections: options.connections, generator: "autocannon" });
  return ((groupCpuMs(server.pid) - before) * 1000) / done.requests;
}

/** Both servers started once and warmed up; then `peerRounds` rounds of N requests to each, alternating which goes first. */
async function cpuSamples(specs, options) {
  const [ours, peer] = await startAll(specs.map((spec) => ({ ...spec, readyPath: PAGE })));
  try {
    for (const server of [ours, peer]) await cpuPerRequest(server, options.peerWarmupRequests, options);
    const samples = { ours: [], peer: [] };
    for (let round = 0; round < options.peerRounds; round++) {
      const order = round % 2 ? ["peer", "ours"] : ["ours", "peer"];
      for (const name of order) samples[name].push(await cpuPerRequest(name === "ours" ? ours : peer, options.peerRequests, options));
    }
    return samples;
  } finally {
    await stopAll([ours, peer]);
  }
}

async function coldStartSamples(specs, options) {
  const candidates = [{ name: "ours", spec: specs[0] }, { name: "peer", spec: specs[1] }];
  return interleavedSamples(candidates, options.peerColdStartRuns, async ({ spec }) => {
    const server = await startServer({ ...spec, readyPath: PAGE, pollEveryMs: 2 });
    await server.stop();
    return server.readyMs;
  });
}

function leadRow({ id, peer, what, key, unit, samples }) {
  const recorded = PEERS.recorded[id]?.[key];
  return ratioRow({
    figure: `peers: ${peer.name} vs ours (${libraryOf(peer)}), ${what}`,
    ours: summarize(samples.ours),
    baseline: summarize(samples.peer),
    unit,
    better: "higher",
    target: recorded === undefined ? undefined : Number((recorded / 2).toFixed(2)),
    check: LEAD_CHECK,
    ratios: summarize(samples.peer.map((value, run) => value / samples.ours[run])),
  });
}

async function peerRows(id, node, options, log) {
  const peer = PEERS.peers[id];
  log(`peers: ${peer.name}: installing ${Object.entries(peer.dependencies).map(([name, version]) => `${name}@${version}`).join(" ")}`);
  const dir = installPeer(id, node);
  const ourRoot = copyOurApp(id);
  log(`peers: ${peer.name}: builds, ${options.peerBuildRuns} each, alternating with ours`);
  const builds = await interleavedSamples([{ name: "ours" }, { name: "peer" }], options.peerBuildRuns, async ({ name }) =>
    (name === "ours" ? buildOurs(ourRoot, node) : buildPeer(id, dir, node)));
  const specs = [ourServer(ourRoot, node), peerServer(id, dir, node)];
  log(`peers: ${peer.name}: CPU per request, ${options.peerRounds} alternating rounds of ${options.peerRequests} requests`);
  const cpu = await cpuSamples(specs, options);
  log(`peers: ${peer.name}: cold starts, ${options.peerColdStartRuns} each, alternating`);
  const starts = await coldStartSamples(specs, options);
  return [
    leadRow({ id, peer, what: `GET / CPU per request on node ${node.version}`, key: "cpu", unit: "µs", samples: cpu }),
    leadRow({ id, peer, what: "cold build", key: "build", unit: "s", samples: builds }),
    leadRow({ id, peer, what: "cold start to first 200", key: "coldStart", unit: "ms", samples: starts }),
  ];
}

/** The row of a peer that could not be measured here: its error, no goal, so --check passes over it. */
function errorRow(id, error) {
  const figure = `peers: ${PEERS.peers[id].name}: not measured (${error.message.split("\n")[0]})`;
  return { figure, ours: "-", baseline: "-", ratio: "-", target: "-", verdict: "error", values: { error: error.message } };
}

export async function peers(options, log) {
  const node = nodeBinary(PEERS.node, log);
  const rows = [];
  for (const id of Object.keys(PEERS.peers)) {
    try {
      const measured = await peerRows(id, node, options, log);
      // The figure runs for most of an hour: a run stopped halfway keeps each peer measured so far.
      log(`peers: ${PEERS.peers[id].name} done:\n${renderTable(measured)}`);
      rows.push(...measured);
    } catch (error) {
      log(`peers: ${PEERS.peers[id].name} left out:\n${error.message}`);
      rows.push(errorRow(id, error));
    }
  }
  return rows;
}
