/**
 * What a wrangler project brings besides its settings, planned before sdk.config.ts is written
 * (the plan changes the config) and carried out after it loads: the D1 migrations
 * (d1-migrations.ts) and the worker's `main` with its crons (worker-main.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { adoptD1Migrations } from "./d1-migrations.js";
import type { OldConfig } from "./sources.js";
import { mountWorkerMain } from "./worker-main.js";

export interface ProjectAdoption {
  config: Record<string, unknown>;
  /** Whether `main` is served, so dropping it from the config loses nothing. */
  mainMounted: boolean;
  notes: string[];
  /** Moves and writes the files; returns what was done, for the report. */
  apply(): string[];
}

export function adoptWranglerProject(root: string, sources: readonly OldConfig[], converted: Record<string, unknown>): ProjectAdoption {
  const database = adoptD1Migrations(root, converted);
  const sourceDir = typeof database.config.sourceDir === "string" ? database.config.sourceDir : "";
  const main = sources.findLast((s) => s.kind === "wrangler" && s.value.main !== undefined)?.value.main;
  const mount = mountWorkerMain(root, main, sourceDir, cronsOf(database.config));
  const files = [...mount.routes, ...mount.crons];
  return {
    // sdk writes triggers.crons from crons/ itself; left in `edge`, the list would hide new files' expressions.
    config: mount.crons.length ? withoutCrons(database.config) : database.config,
    mainMounted: mount.routes.length > 0,
    notes: [...database.notes, ...mount.notes],
    apply: () => {
      const done = [...database.moved, ...database.apply()];
      for (const file of files) {
        mkdirSync(path.dirname(path.join(root, file.file)), { recursive: true });
        writeFileSync(path.join(root, file.file), file.text);
      }
      if (mount.routes.length) done.push(`main ${String(main)} answers every request no other route does, through ${mount.routes.map((r) => r.file).join(" and ")}`);
      if (mount.crons.length) done.push(`main ${String(main)}'s scheduled handler runs for triggers.crons from ${mount.crons.map((c) => c.file).join(", ")}`);
      return done;
    },
  };
}

function cronsOf(config: Record<string, unknown>): string[] {
  const crons = (config.edge as { triggers?: { crons?: unknown } } | undefined)?.triggers?.crons;
  return Array.isArray(crons) ? crons.filter((cron): cron is string => typeof cron === "string") : [];
}

function withoutCrons(config: Record<string, unknown>): Record<string, unknown> {
  const { triggers, ...edge } = config.edge as { triggers: Record<string, unknown> };
  const { crons: _crons, ...otherTriggers } = triggers;
  return { ...config, edge: { ...edge, ...(Object.keys(otherTriggers).length && { triggers: otherTriggers }) } };
}
