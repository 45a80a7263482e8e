/**
 * `sdk secret put NAME`: sets a secret on the linked worker, its value read from stdin or a hidden
 * prompt, never from the command line, and never printed. A worker that does not exist yet gets a
 * draft first (as `wrangler secret put` does), since the platform keeps secrets on a script.
 */
import { loadConfig } from "../../compiler/config/load.js";
import { PlatformApiError, type PlatformApi } from "../platform/api.js";
import { refuseSecretValueInArgv, SECRET_HOW_TO } from "../platform/argv-secrets.js";
import { createDraftWorker } from "../platform/draft-worker.js";
import { callPlatform, platformFailure } from "../platform/failures.js";
import type { ProjectLink } from "../platform/link.js";
import { checkSecretName } from "../platform/names.js";
import { putSecret, SCRIPT_NOT_FOUND } from "../platform/scripts.js";
import { readSecretInput } from "../platform/secret-input.js";
import { secretNameWarnings } from "../platform/secret-warnings.js";
import { requireLinkedProject } from "../platform/session.js";
import { compatibilityDateOf, requireAppFolder } from "../platform/worker-name.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, green, printDiagnostics } from "../report.js";

export async function secretPutCommand(args: readonly string[], flags: GlobalOptions): Promise<void> {
  // The extra words are refused before the name is checked: they may be the value.
  refuseSecretValueInArgv(args.slice(1));
  const name = checkSecretName(args[0]);
  const root = resolveRoot(flags.root);
  requireAppFolder(root, "sdk secret put");
  const { api, link } = requireLinkedProject(root, "sdk secret put");
  const { config } = await loadConfig(root);
  const warnings = await secretNameWarnings(root, config, name);
  if (!flags.json) {
    console.log(`${cyan("sdk secret put")} ${name} ${dim(`(worker ${link.workerName})`)}`);
    printDiagnostics(root, warnings);
  }
  const value = await readSecretInput({ prompt: `Value of ${name} (input hidden): `, what: `the value of ${name}`, howTo: SECRET_HOW_TO, trim: "final-newline" });
  const createdDraft = await putSecretOnWorker(api, link, name, value, compatibilityDateOf(config));
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, name, worker: link.workerName, accountId: link.accountId, createdDraft, diagnostics: warnings }, null, 2));
    return;
  }
  if (createdDraft) console.log(`  worker ${link.workerName} did not exist: created it as a draft that answers 503 until the first sdk deploy`);
  console.log(`  ${green("✓")} Secret ${name} set on worker ${link.workerName}`);
}

/** Answers whether a draft worker had to be created first. */
async function putSecretOnWorker(api: PlatformApi, link: ProjectLink, name: string, value: string, compatibilityDate: string): Promise<boolean> {
  const doing = `setting secret ${name} on worker ${link.workerName}`;
  try {
    await putSecret(api, link.accountId, link.workerName, { name, text: value });
    return false;
  } catch (cause) {
    if (!(cause instanceof PlatformApiError && cause.hasCode(SCRIPT_NOT_FOUND))) throw platformFailure(cause, doing);
  }
  await callPlatform(`creating the draft worker ${link.workerName}`, () => createDraftWorker(api, link.accountId, link.workerName, compatibilityDate));
  await callPlatform(doing, () => putSecret(api, link.accountId, link.workerName, { name, text: value }));
  return true;
}
