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

/** The processes of group `pgid` (the server and what it spawned), by pid. */
function groupPids(pgid) {
  return readdirSync("/proc").filter((entry) => /^\d+$/.test(entry) && processCpuMs(entry)?.group === pgid);
}

/** CPU milliseconds used so far by the processes of group `pgid`. */
export function groupCpuMs(pgid) {
  return groupPids(pgid).reduce((total, pid) => total + (processCpuMs(pid)?.ms ?? 0), 0);
}

/**
 * CPU nanoseconds used so far by the processes of group `pgid`, every live thread counted: the
 * first field of /proc/<pid>/task/<tid>/schedstat, the scheduler's time on a CPU. A thread that
 * has already ended is not counted; a server's start keeps the threads it makes.
 */
export function groupCpuNs(pgid) {
  return groupPids(pgid).reduce((total, pid) => total + tasksCpuNs(pid), 0);
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

/**
 * CPU milliseconds of this process's children that have ended and been waited for (cutime +
 * cstime of /proc/self/stat): read around a `spawnSync`, what that command and the processes it
 * waited for used, however long the machine's other load kept it waiting.
 */
export function endedChildrenCpuMs() {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
}
