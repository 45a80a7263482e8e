/**
 * The generated `crons.ts`: the app's cron files with their expressions, and the dispatch that
 * runs them for a scheduled event. Emitted only for apps with `crons/`, so others carry none of it.
 */
import type { AppIR, Target } from "../compiler/ir.js";
import type { SourceLink } from "./source-link.js";
import { renderTemplate } from "./template.js";

export interface DeclaredCron {
  file: string;
  cron: string;
}

/** A cron file without a literal expression is an error the build stops on (SDK_CRON_SCHEDULE_NOT_LITERAL). */
export function declaredCrons(ir: Pick<AppIR, "jobs">): DeclaredCron[] {
  return ir.jobs.crons.flatMap(({ file, schedule }) => (schedule === null ? [] : [{ file, cron: schedule }]));
}

/** Each expression once, in file order: what the platform is asked to fire. */
export function cronExpressions(ir: Pick<AppIR, "jobs">): string[] {
  return [...new Set(declaredCrons(ir).map(({ cron }) => cron))];
}

const SERVER_FIRED_BY = "server.ts runs each expression on its schedule, in UTC, in this process; `sdk dev` fires them from /__sdk/scheduled.";
const FIRED_BY: Record<Target, string> = {
  edge: "The platform fires wrangler.json's triggers.crons through the worker's `scheduled` export.",
  node: SERVER_FIRED_BY,
  bun: SERVER_FIRED_BY,
  deno: SERVER_FIRED_BY,
};

export function emitCronsModule(ir: AppIR, link: SourceLink): string {
  const crons = declaredCrons(ir);
  const imports = crons.map(({ file }, i) => `import cron${i} from ${JSON.stringify(`${link.projectRootFromGenerated}/${file}`)};`);
  const entries = crons.map(({ file, cron }, i) => `  { file: ${JSON.stringify(file)}, cron: ${JSON.stringify(cron)}, handler: cron${i} },`);
  return renderTemplate("crons.ts.tpl", {
    firedBy: FIRED_BY[ir.target],
    imports: imports.join("\n"),
    crons: `\n${entries.join("\n")}\n`,
  });
}

/** The server entry's slots: the in-process schedule of every expression, in apps with crons only. */
export function serverCronSlots(ir: Pick<AppIR, "jobs">): { schedulerImport: string; cronsImport: string; jobs: string } {
  if (ir.jobs.crons.length === 0) return { schedulerImport: "", cronsImport: "", jobs: "" };
  return {
    schedulerImport: '\nimport { scheduleCrons } from "sdk/runtime/jobs/scheduler";',
    cronsImport: '\nimport { scheduled } from "./crons";',
    jobs: `, jobs: scheduleCrons(scheduled, [${cronExpressions(ir).map((cron) => JSON.stringify(cron)).join(", ")}])`,
  };
}

/** The worker entry's slots: the `scheduled` export, in apps with crons only. */
export function workerCronSlots(hasCrons: boolean): { cronsImport: string; scheduled: string } {
  return hasCrons ? { cronsImport: '\nimport { scheduled } from "./crons";', scheduled: ", scheduled" } : { cronsImport: "", scheduled: "" };
}
