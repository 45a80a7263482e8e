// Summarises a V8 .cpuprofile (from `node --cpu-prof`, `deno run --cpu-prof` or
// workerd-profile.mjs): the functions and the files with the most self time. With `--map`, frames
// of a minified bundle (a worker build) are named by their place in the sources. With
// `--inclusive`, it also lists total time by function: the function and what it called, each
// function counted once per sample however often it recurs, which shows what a step costs as a whole.
// Usage: node scripts/bench/cpu-profile-top.mjs <file.cpuprofile> [count] [--map <bundle.mjs.map>] [--inclusive]
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { SourceMapConsumer } from "source-map-js";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { map: { type: "string" }, inclusive: { type: "boolean" } } });
const [file, countArg] = positionals;
if (!file) {
  console.error("usage: node scripts/bench/cpu-profile-top.mjs <file.cpuprofile> [count] [--map <bundle.mjs.map>] [--inclusive]");
  process.exit(1);
}
const count = Number(countArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));
const sourceMap = values.map && new SourceMapConsumer(JSON.parse(readFileSync(values.map, "utf8")));
const mappedFile = values.map && path.basename(values.map, ".map");

// Each sample hits one node; time between samples is charged to that node's function.
const selfMicros = new Map();
profile.samples.forEach((nodeId, index) => {
  selfMicros.set(nodeId, (selfMicros.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);

/** The frame's function and source, from the source map for frames in the mapped bundle. */
function original(frame) {
  if (!sourceMap || !frame.url.endsWith(mappedFile)) return undefined;
  const place = sourceMap.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  return place.source === null ? undefined : { name: place.name ?? frame.functionName, source: place.source.split("node_modules/").pop(), line: place.line };
}

function functionName(frame) {
  return original(frame)?.name || frame.functionName || "(anonymous)";
}

function where(frame) {
  const mapped = original(frame);
  if (mapped) return `${mapped.source}:${mapped.line}`;
  const url = frame.url ? path.basename(frame.url.replace(/^file:\/\//, "")) : "(native)";
  return `${url}:${frame.lineNumber + 1}`;
}

function top(keyOf) {
  const totals = new Map();
  for (const node of profile.nodes) {
    const key = keyOf(node.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + (selfMicros.get(node.id) ?? 0));
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** Time of the samples whose stack holds the key, each key counted once per sample. */
function topInclusive(keyOf) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const totals = new Map();
  for (const [nodeId, micros] of selfMicros) {
    const keys = new Set();
    for (let id = nodeId; id !== undefined; id = parentOf.get(id)) keys.add(keyOf(byId.get(id).callFrame));
    for (const key of keys) totals.set(key, (totals.get(key) ?? 0) + micros);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

function print(title, entries) {
  console.log(`\n${title}`);
  for (const [key, micros] of entries) {
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`);
  }
}

console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
print("self time by function", top((frame) => `${functionName(frame)}  ${where(frame)}`));
print("self time by file", top((frame) => original(frame)?.source ?? (frame.url ? frame.url.replace(/^file:\/\//, "") : `(${frame.functionName || "native"})`)));
if (values.inclusive) print("total time by function (with what it called)", topInclusive((frame) => `${functionName(frame)}  ${where(frame)}`));
