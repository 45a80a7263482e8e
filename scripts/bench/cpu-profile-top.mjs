// Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions and the files with the most
// self time. Usage: node scripts/bench/cpu-profile-top.mjs <file.cpuprofile> [count]
import { readFileSync } from "node:fs";
import path from "node:path";

const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/bench/cpu-profile-top.mjs <file.cpuprofile> [count]");
  process.exit(1);
}
const count = Number(countArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));

// Each sample hits one node; time between samples is charged to that node's function.
const selfMicros = new Map();
profile.samples.forEach((nodeId, index) => {
  selfMicros.set(nodeId, (selfMicros.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);

function where(frame) {
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

function print(title, entries) {
  console.log(`\n${title}`);
  for (const [key, micros] of entries) {
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`);
  }
}

console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
print("self time by function", top((frame) => `${frame.functionName || "(anonymous)"}  ${where(frame)}`));
print("self time by file", top((frame) => frame.url ? frame.url.replace(/^file:\/\//, "") : `(${frame.functionName || "native"})`));
