/**
 * `sdk rollback [version]`: the linked worker's traffic back to an earlier version (by default
 * the one before the current), its `limits.cpu_ms` capped at the plan's ceiling (cli/deploy/rollback.ts).
 */
import { rollback } from "../deploy/rollback.js";
import { platformFailure } from "../platform/failures.js";
import { requireLinkedProject } from "../platform/session.js";
import { requireAppFolder } from "../platform/worker-name.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, green, yellow } from "../report.js";

export async function rollbackCommand(version: string | undefined, flags: GlobalOptions): Promise<void> {
  const root = resolveRoot(flags.root);
  requireAppFolder(root, "sdk rollback");
  const { api, link } = requireLinkedProject(root, "sdk rollback");
  const progress = { doing: "starting" };
  const result = await rollback(api, link.accountId, link.workerName, version === undefined ? undefined : String(version), progress).catch((cause: unknown) => {
    throw platformFailure(cause, progress.doing);
  });
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, accountId: link.accountId, ...result }, null, 2));
    return;
  }
  console.log(`${cyan("sdk rollback")} ${dim(`(worker ${link.workerName})`)}`);
  if (result.cpuCapped) console.log(yellow(`  limits.cpu_ms capped at ${result.cpuCapped.to}: version ${result.toVersionId} was uploaded with ${result.cpuCapped.from}, above the account plan's ceiling`));
  if (result.cpuUnchecked !== undefined) {
    console.log(yellow(`  limits.cpu_ms ${result.cpuUnchecked} left as uploaded: the token cannot read the account's plan (Billing:Read), so its ceiling was not checked`));
  }
  console.log(`  ${green("✓")} worker ${link.workerName} runs version ${result.toVersionId} again ${dim(`(was ${result.fromVersionId})`)}`);
}
