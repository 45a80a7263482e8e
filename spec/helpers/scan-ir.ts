/** Helpers for front-end tests: fixture paths, scanning a fixture, and a hand-made IR. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SdkConfig } from "../../compiler/config/define.ts";
import type { Diagnostic } from "../../compiler/diagnostics.ts";
import { buildIR } from "../../compiler/front-end.ts";
import type { AppIR, BuildMode, Target } from "../../compiler/ir.ts";
import { resolveRouting } from "../../compiler/routing/resolve.ts";

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");

export function scanFixture(name: string, options: { target?: Target; mode?: BuildMode; config?: SdkConfig } = {}): AppIR {
  return buildIR(path.join(FIXTURES, name), { config: options.config ?? {}, target: options.target ?? "edge", mode: options.mode ?? "production" });
}

/** An empty IR with the given fields replaced (its routing resolved from them unless given), for testing one validation pass. */
export function irWith(fields: Partial<AppIR>): AppIR {
  const { routing, ...rest } = fields;
  const ir: Omit<AppIR, "routing"> = {
    version: 1,
    target: "edge",
    mode: "production",
    appType: "sdk",
    appTypeReason: "routes/ exists",
    sourceDir: "",
    config: {},
    routes: [],
    durableState: { classes: [], migrations: [], recorded: 0 },
    middleware: [],
    pages: [],
    notFoundPage: null,
    ui: null,
    jobs: { crons: [], queues: [], email: [], durableObjects: [], websockets: [] },
    bindings: [],
    database: null,
    auth: null,
    sandbox: null,
    env: null,
    assets: [],
    sdkImports: [],
    queueSends: [],
    diagnostics: [],
    ...rest,
  };
  return { ...ir, routing: routing ?? resolveRouting(ir) };
}

/** `error SDK_X file:line:col`, compact enough to compare whole lists. */
export function brief(d: Diagnostic): string {
  return `${d.severity} ${d.code} ${d.file ?? "-"}:${d.line ?? "-"}:${d.column ?? "-"}`;
}
