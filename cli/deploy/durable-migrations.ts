/**
 * Which durable-state migrations a deploy carries: the steps of the build's history after the tag
 * the deployed worker has. The platform applies them with the upload and cannot stage them, so a
 * deploy that carries any goes out atomically.
 */
import { error, UserError } from "../../compiler/diagnostics.js";

import type { DurableMigrationIR } from "../../compiler/ir.js";

export type DurableMigrationStep = Omit<DurableMigrationIR, "tag">;
type HistoryEntry = DurableMigrationIR;

export interface PendingDurableMigrations {
  old_tag?: string;
  new_tag: string;
  steps: DurableMigrationStep[];
}

/** `deployedTag`: the worker's migration tag on the platform, none for a new worker or one without durable state. */
export function pendingDurableMigrations(history: readonly HistoryEntry[], deployedTag: string | undefined): PendingDurableMigrations | undefined {
  const start = deployedTag === undefined ? 0 : history.findIndex((entry) => entry.tag === deployedTag) + 1;
  if (deployedTag !== undefined && start === 0) {
    throw new UserError([error("SDK_DEPLOY_DURABLE_HISTORY", `the deployed worker's durable-state migration tag ${deployedTag} is not in this project's history (${history.map((entry) => entry.tag).join(", ") || "empty"})`, {
      file: "sdk.lock.json",
      configPath: "durableObjects.migrations",
      hint: "the lock file's durable-state history must be the one this worker was deployed with: restore sdk.lock.json from version control",
    })]);
  }
  const steps = history.slice(start);
  if (!steps.length) return undefined;
  return { ...(deployedTag !== undefined && { old_tag: deployedTag }), new_tag: steps.at(-1)!.tag, steps: steps.map(({ tag: _tag, ...step }) => step) };
}
