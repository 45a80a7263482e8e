/**
 * `crons/`, `queues/`, `email/` and `durable-objects/` -> the IR's jobs (WebSocket routes come
 * from the route scan). One module per job, top level of each folder, named by its file.
 */
import path from "node:path";
import { error, type Diagnostic } from "../diagnostics.js";
import type { CronIR, DurableObjectIR, EmailIR, JobsIR } from "../ir.js";
import { validateCronExpression } from "../validate/cron-expression.js";
import { collectExports, defaultExportOf, locationOf, stringLiteralValue } from "./ast.js";
import type { ParsedModule } from "./parser.js";
import type { ScanModule } from "./scan-project.js";
import { loadModule, relativeToRoot, type ScanContext } from "./context.js";
import { listFiles, matchExtension, MODULE_EXTENSIONS } from "./files.js";
import type { ConventionName } from "./project.js";
import { queueOf } from "./queues.js";
import { renamedFromOf } from "./renamed-from.js";
import { durableStateNames } from "../durable-state/names.js";

export type JobScan = Omit<JobsIR, "websockets"> & { diagnostics: Diagnostic[] };

interface JobModule {
  file: string;
  /** File name without extension: `cleanup`, `_default`, `chat-room`. */
  stem: string;
  module: ScanModule;
}

export function scanJobs(ctx: ScanContext): JobScan {
  const diagnostics: Diagnostic[] = [];
  const modules = (folder: ConventionName, fnName: string, keep: (stem: string) => boolean) =>
    jobModules(ctx, folder, keep).filter((job) => hasDefaultDefinition(ctx, job, fnName, diagnostics));
  const notIgnored = (stem: string) => !stem.startsWith("_");

  const crons = modules("crons", "defineScheduled", notIgnored).map((job) => cronOf(ctx, job, diagnostics));
  const queues = modules("queues", "defineQueue", notIgnored).flatMap((job) => queueOf({ root: ctx.layout.root, ...job }, diagnostics) ?? []);
  const email = modules("email", "defineEmail", (stem) => notIgnored(stem) || stem === "_default").map(
    (job): EmailIR => ({ file: job.file, recipient: job.stem === "_default" ? null : job.stem }),
  );
  const durableObjects = durableObjectsOf(ctx, modules("durable-objects", "defineDurableState", notIgnored), diagnostics);
  return { crons, queues, email, durableObjects, diagnostics };
}

function jobModules(ctx: ScanContext, folder: ConventionName, keep: (stem: string) => boolean): JobModule[] {
  const dir = ctx.layout.conventions[folder];
  if (!dir) return [];
  const found: JobModule[] = [];
  for (const name of listFiles(dir, { recursive: false, include: (entry) => !entry.startsWith(".") })) {
    const extension = matchExtension(name, MODULE_EXTENSIONS);
    const stem = extension ? name.slice(0, -extension.length) : null;
    if (stem === null || !keep(stem)) continue;
    const absolutePath = path.join(dir, name);
    const module = loadModule(ctx, absolutePath);
    if (module) found.push({ file: relativeToRoot(ctx, absolutePath), stem, module });
  }
  return found;
}

function hasDefaultDefinition(ctx: ScanContext, job: JobModule, fnName: string, diagnostics: Diagnostic[]): boolean {
  const check = defaultExportOf(ctx.layout.root, job.module, fnName);
  if (check.status === "ok") return true;
  const where = check.status === "wrong" ? check.where : { file: job.file, line: 1, column: 1 };
  const message = check.status === "wrong" ? `The default export is not built with ${fnName}(...).` : "This job file has no default export.";
  diagnostics.push(error("SDK_JOB_NO_DEFAULT", message, { ...where, hint: `\`export default ${fnName}(...)\` with \`import { ${fnName} } from "sdk"\`.` }));
  return false;
}

/**
 * The schedule is `export const cron = "..."` (or `schedule`). It is read at build time, for
 * wrangler.json's triggers, the servers' schedules and the dev server's triggers, so it must be a
 * string literal, and it is checked against Cloudflare's syntax here, where its place is known.
 */
function cronOf(ctx: ScanContext, job: JobModule, diagnostics: Diagnostic[]): CronIR {
  const found = job.module.fact("cron", (parsed) => cronIn(ctx.layout.root, job.file, parsed));
  diagnostics.push(...found.diagnostics);
  return found.cron;
}

function cronIn(root: string, file: string, module: ParsedModule): { cron: CronIR; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const entry = collectExports(module).exports.find((e) => e.name === "cron" || e.name === "schedule");
  if (!entry) {
    diagnostics.push(
      error("SDK_CRON_NO_SCHEDULE", "Cron file does not export its cron expression.", {
        file,
        line: 1,
        column: 1,
        hint: 'Add `export const cron = "*/5 * * * *"`.',
      }),
    );
    return { cron: { file, schedule: null }, diagnostics };
  }
  const schedule = stringLiteralValue(entry.value);
  const where = locationOf(root, module, entry.value ?? entry.node);
  if (schedule === null) {
    diagnostics.push(
      error("SDK_CRON_SCHEDULE_NOT_LITERAL", `The \`${entry.name}\` export is not a string literal: the schedule is read at build time, not run.`, {
        ...where,
        hint: `Write the expression itself: \`export const ${entry.name} = "0 4 * * *"\`.`,
      }),
    );
  } else {
    diagnostics.push(...validateCronExpression(schedule, where));
  }
  return { cron: { file, schedule }, diagnostics };
}

function durableObjectsOf(ctx: ScanContext, jobs: JobModule[], diagnostics: Diagnostic[]): DurableObjectIR[] {
  const claimed = new Map<string, string>();
  const out: DurableObjectIR[] = [];
  for (const job of jobs) {
    const { className, binding } = durableStateNames(job.stem);
    const hint = "Name durable-state files with letters first, e.g. `chat-room.ts` (class ChatRoom).";
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(className)) {
      diagnostics.push(error("SDK_DURABLE_OBJECT_BAD_NAME", `"${job.stem}" does not give a valid class name ("${className}").`, { file: job.file, hint }));
      continue;
    }
    const other = claimed.get(className);
    if (other) {
      diagnostics.push(error("SDK_DURABLE_OBJECT_BAD_NAME", `${job.file} and ${other} both give the class name ${className}.`, { file: job.file, hint: "Rename one of the files." }));
      continue;
    }
    claimed.set(className, job.file);
    out.push({ file: job.file, className, binding, renamedFrom: renamedFromOf(ctx.layout.root, job.module, diagnostics) });
  }
  return out;
}
