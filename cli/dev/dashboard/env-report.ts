/**
 * The dashboard's env tab: each key the app declares in env.ts, and each other key `.env` or
 * `worker.vars` sets, with where its value comes from in this dev session: `.env`, `vars`
 * (sdk.config.ts `worker.vars`), `shell` (node, bun and deno read the shell's environment, which
 * wins over `.env`), `default` (env.ts), or `unset`. A value is shown for a public key only (the
 * build inlines those into pages anyway); a server key's value, a secret, is never read into the
 * answer at all.
 */
import type { AppIR, Target } from "../../../compiler/ir.js";

export type EnvSource = ".env" | "vars" | "shell" | "default" | "unset";

export interface EnvRow {
  name: string;
  /** `undeclared`: set by `.env` or `vars` but not in env.ts. */
  scope: "server" | "public" | "undeclared";
  kind: string | null;
  optional: boolean;
  source: EnvSource;
  /** Also set by these, which `source` wins over. */
  shadowed: EnvSource[];
  /** Public keys only. */
  value?: string;
}

export interface EnvReport {
  file: string | null;
  rows: EnvRow[];
}

export interface EnvSources {
  dotEnv: Record<string, string>;
  /** The names set in the shell that started `sdk dev`, read on node, bun and deno only. */
  shell: ReadonlySet<string>;
}

export function envReport(ir: AppIR, target: Target, { dotEnv, shell }: EnvSources): EnvReport {
  const vars = ir.config.worker?.vars ?? {};
  const declared = ir.env?.keys ?? [];
  const setBy = (name: string): EnvSource[] => {
    const sources: EnvSource[] = [];
    if (target !== "edge" && shell.has(name)) sources.push("shell");
    if (name in dotEnv) sources.push(".env");
    if (name in vars) sources.push("vars");
    return sources;
  };
  const valueFrom = (name: string, source: EnvSource): string | undefined => (source === ".env" ? dotEnv[name] : source === "vars" ? vars[name] : source === "shell" ? process.env[name] : undefined);
  const rows: EnvRow[] = declared.map((key) => {
    const sources = setBy(key.name);
    const source = sources[0] ?? ("default" in key ? "default" : "unset");
    const value = key.scope !== "public" ? undefined : source === "default" ? JSON.stringify(key.default) : valueFrom(key.name, source);
    return { name: key.name, scope: key.scope, kind: key.kind, optional: key.optional, source, shadowed: sources.slice(1), ...(value !== undefined && { value }) };
  });
  const names = new Set(declared.map((key) => key.name));
  for (const name of [...Object.keys(dotEnv), ...Object.keys(vars)]) {
    if (names.has(name)) continue;
    names.add(name);
    const sources = setBy(name);
    rows.push({ name, scope: "undeclared", kind: null, optional: true, source: sources[0]!, shadowed: sources.slice(1) });
  }
  return { file: ir.env?.file ?? null, rows };
}
