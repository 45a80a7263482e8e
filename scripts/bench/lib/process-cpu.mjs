// CPU time of a server's processes, from /proc (Linux): the user and system time of every process
// in its process group (the server's own, and what it spawned: Miniflare's workerd), all threads
// counted. Clock ticks are 10 ms, so a figure measures enough requests that a tick is noise.
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10; // `getconf CLK_TCK` is 100 on Linux.

/** utime + stime of /proc/<pid>/stat; fields counted after the parenthesised command name. */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { group: Number(fields[2]), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return undefined; // Gone meanwhile.
  }
}

/** CPU milliseconds used so far by the processes of group `pgid`. */
export function groupCpuMs(pgid) {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cpu = processCpuMs(entry);
    if (cpu?.group === pgid) total += cpu.ms;
  }
  return total;
}
