/**
 * A `queues/` file's name and batch settings. The name becomes the queue's name on the platform
 * and its binding (`QUEUE_<NAME>`), so it must be one Cloudflare accepts. The settings,
 * `export const batch = { maxSize, maxWaitSeconds, maxRetries, retryDelaySeconds }`, go into
 * wrangler.json's `queues.consumers`, so they are read at build time and must be literals.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { QueueBatchSettings, QueueIR } from "../ir.js";
import { QUEUE_NAME_MAX_LENGTH, QUEUE_NAME_PATTERN } from "../../runtime/queue/names.js";
import { collectExports, isKeyValueProperty, locationOf, numberLiteralValue, propertyNameText, unwrapExpression } from "./ast.js";
import type { ParsedModule, SyntaxNode } from "./parser.js";
import type { ScanModule } from "./scan-project.js";

/** Cloudflare's limits for each setting: https://developers.cloudflare.com/queues/platform/limits/ */
const SETTING_RANGES: Record<keyof QueueBatchSettings, { min: number; max: number }> = {
  maxSize: { min: 1, max: 100 },
  maxWaitSeconds: { min: 0, max: 60 },
  maxRetries: { min: 0, max: 100 },
  retryDelaySeconds: { min: 0, max: 43200 },
};

export interface QueueFile {
  root: string;
  file: string;
  stem: string;
  module: ScanModule;
}

export function queueOf(job: QueueFile, diagnostics: Diagnostic[]): QueueIR | null {
  if (!QUEUE_NAME_PATTERN.test(job.stem) || job.stem.length > QUEUE_NAME_MAX_LENGTH) {
    diagnostics.push(
      error("SDK_QUEUE_BAD_NAME", `"${job.stem}" cannot name a queue: a queue's name is its file's, in lowercase letters, digits and single dashes, at most ${QUEUE_NAME_MAX_LENGTH} characters.`, {
        file: job.file,
        line: 1,
        column: 1,
        hint: `Rename the file, e.g. \`queues/${suggestedName(job.stem)}.ts\`.`,
      }),
    );
    return null;
  }
  return { file: job.file, queue: job.stem, batch: batchSettingsOf(job, diagnostics) };
}

function suggestedName(stem: string): string {
  const cleaned = stem
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cleaned && cleaned !== stem ? cleaned : "emails";
}

function batchSettingsOf(job: QueueFile, diagnostics: Diagnostic[]): QueueBatchSettings {
  const found = job.module.fact("queue-batch", (parsed) => batchSettingsIn(job.root, parsed));
  if (found.problem) diagnostics.push(found.problem);
  return found.settings;
}

/** The `batch` export's settings, or the first thing wrong with it. */
function batchSettingsIn(root: string, module: ParsedModule): { settings: QueueBatchSettings; problem?: Diagnostic } {
  const entry = collectExports(module).exports.find((e) => e.name === "batch");
  if (!entry) return { settings: {} };
  const fail = (node: SyntaxNode, message: string, hint: string) => ({
    settings: {},
    problem: error("SDK_QUEUE_SETTINGS_INVALID", message, { ...locationOf(root, module, node), hint }),
  });
  const value = entry.value ? unwrapExpression(entry.value) : null;
  if (value?.type !== "ObjectExpression") {
    return fail(entry.value ?? entry.node, "The `batch` export is not an object literal: it is read at build time for wrangler.json, not run.", "Write the settings themselves: `export const batch = { maxSize: 10, maxRetries: 3 }`.");
  }
  const settings: QueueBatchSettings = {};
  for (const property of value.properties) {
    const name = isKeyValueProperty(property) ? propertyNameText(property) : null;
    if (!isKeyValueProperty(property) || name === null || !(name in SETTING_RANGES)) {
      return fail(property, `\`batch\` may only set ${Object.keys(SETTING_RANGES).join(", ")}.`, "Remove the property, or spell one of those names.");
    }
    const key = name as keyof QueueBatchSettings;
    const initializer = unwrapExpression(property.value);
    const { min, max } = SETTING_RANGES[key];
    const number = numberLiteralValue(initializer);
    if (number === null || !Number.isInteger(number) || number < min || number > max) {
      return fail(initializer, `batch.${key} must be an integer from ${min} to ${max}, written as a number literal.`, `Cloudflare allows ${min} to ${max} for ${key}.`);
    }
    settings[key] = number;
  }
  return { settings };
}
