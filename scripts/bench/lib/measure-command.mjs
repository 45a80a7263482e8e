// Wall time and peak resident memory of one command. Peak RSS comes from `/usr/bin/time -v`
// (Debian package `time`); without it, a Node.js command reports its own through report-rss.mjs.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const GNU_TIME = "/usr/bin/time";
const REPORT_RSS = fileURLToPath(new URL("./report-rss.mjs", import.meta.url));
const MAX_RSS = /Maximum resident set size \(kbytes\): (\d+)/;
const REPORTED_RSS = /BENCH_MAX_RSS_KB=(\d+)/;

export const rssSource = existsSync(GNU_TIME) ? "/usr/bin/time -v" : "process.resourceUsage()";

/** Runs `node <args>`; resolves with `{ seconds, rssMB }`, throwing with its output if it fails. */
export function measureNode(args, env = {}) {
  const useTime = existsSync(GNU_TIME);
  const [command, fullArgs] = useTime
    ? [GNU_TIME, ["-v", process.execPath, ...args]]
    : [process.execPath, ["--import", REPORT_RSS, ...args]];
  const started = performance.now();
  const result = spawnSync(command, fullArgs, { encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env } });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} failed (${result.status})\n${result.stdout}\n${result.stderr}`);
  const match = (useTime ? MAX_RSS : REPORTED_RSS).exec(result.stderr);
  if (!match) throw new Error(`no peak RSS in the output of node ${args.join(" ")}\n${result.stderr}`);
  return { seconds, rssMB: Number(match[1]) / 1024 };
}
