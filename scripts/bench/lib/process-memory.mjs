// Resident memory of one process, from /proc (Linux).
import { readFileSync } from "node:fs";

/** VmRSS of /proc/<pid>/status, in MB (MiB, as /usr/bin/time's figures in measure-command.mjs). */
export function rssMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}
