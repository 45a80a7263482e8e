// CPU time of a server's processes, from /proc (Linux): the user and system time of every process
// in its process group (the server's own, and what it spawned: Miniflare's workerd), all threads
// counted. Clock ticks are 10 ms, so a figure measures enough requests that a tick is noise; for
// a span as short as a start, groupCpuNs reads the scheduler's own nanosecond count instead.
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

/**
 * CPU nanoseconds used so far by the processes of group `pgid`, every live thread counted: the
 * first field of /proc/<pid>/task/<tid>/schedstat, the scheduler's time on a CPU. A thread that
 * has ended is not counted, which leaves out nothing a server's start runs (its threads live on).
 */
export function groupCpuNs(pgid) {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || processCpuMs(entry)?.group !== pgid) continue;
    total += tasksCpuNs(entry);
  }
  return total;
}

function tasksCpuNs(pid) {
  let total = 0;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    }
  } catch {
    // Gone meanwhile, with its threads.
  }
  return total;
}
