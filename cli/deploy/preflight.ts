/**
 * What a deploy checks before it changes anything on the platform: the CPU limit against the
 * plan, the variables the app needs against the worker's secrets and vars, the migration files
 * against the lock's history. Each failure names the config path or file and the fix.
 */
import type { AppIR } from "../../compiler/ir.js";
import { error, warning, UserError, type Diagnostic } from "../../compiler/diagnostics.js";
import { ORIGIN_VARIABLES } from "../../runtime/auth/origin.js";
import { providerVariables } from "../../runtime/auth/providers.js";
import { SECRET_VARIABLES } from "../../runtime/auth/secret.js";
import { loadDatabaseContext } from "../db/context.js";
import { checkMigrationsDialect } from "../db/dialect-check.js";
import { readLockedMigrations } from "../db/lock.js";
import { listMigrationFiles, type MigrationFile } from "../db/migration-files.js";
import { planMigrations } from "../db/plan.js";
import { CPU_MS_CEILING, type WorkerPlan } from "../platform/account.js";

export function cpuCeilingProblem(cpuMs: number | undefined, plan: WorkerPlan): Diagnostic | undefined {
  if (cpuMs === undefined || cpuMs <= CPU_MS_CEILING[plan]) return undefined;
  return error("SDK_DEPLOY_CPU_CEILING", `worker.limits.cpu_ms is ${cpuMs}, above the ${plan} plan's ceiling of ${CPU_MS_CEILING[plan]} ms per request`, {
    file: "sdk.config.ts",
    configPath: "worker.limits.cpu_ms",
    hint: `lower it to ${CPU_MS_CEILING[plan]} or less${plan === "free" ? ", or move the account to the paid plan (ceiling 300000 ms)" : ""}, and deploy again`,
  });
}

export interface EnvCheck {
  missing: Diagnostic[];
  /** Things that only may be missing (a provider's credentials that auth.ts can also give). */
  warnings: Diagnostic[];
}

/** `available`: the worker's secret names and the deploy's plain-text var names. */
export function checkRequiredVariables(ir: AppIR, available: ReadonlySet<string>): EnvCheck {
  const missing: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  for (const key of ir.env?.keys ?? []) {
    if (key.scope !== "server" || key.optional || key.default !== undefined || available.has(key.name)) continue;
    missing.push(error("SDK_DEPLOY_ENV_MISSING", `${ir.env!.file} requires ${key.name}, and the worker has no secret or var of that name`, {
      file: ir.env!.file,
      ...(key.line !== undefined && { line: key.line, column: key.column }),
      hint: `set it with \`sdk secret put ${key.name}\` (or give it a default, or mark it .optional()), then deploy again`,
    }));
  }
  if (ir.auth) {
    if (!SECRET_VARIABLES.some((name) => available.has(name))) {
      missing.push(error("SDK_DEPLOY_ENV_MISSING", `sdk/auth signs sessions with AUTH_SECRET, and the worker has no such secret (nor BETTER_AUTH_SECRET)`, {
        file: ir.auth.file ?? "sdk.config.ts",
        hint: "set one: `openssl rand -base64 32 | sdk secret put AUTH_SECRET`, then deploy again",
      }));
    }
    // Only auth.ts can give better-auth a mail hook, whose links need the origin.
    if (ir.auth.file && !ORIGIN_VARIABLES.some((name) => available.has(name))) {
      warnings.push(warning("SDK_DEPLOY_AUTH_URL", "the worker has no AUTH_URL: a request whose auth mail (a password reset, an email verification) would carry a link fails instead of building it from the request's Host", {
        file: ir.auth.file,
        hint: "unless auth.ts sends no mail, set the app's public origin: `sdk secret put AUTH_URL` (e.g. https://app.example.com) or worker.vars.AUTH_URL in sdk.config.ts",
      }));
    }
    for (const provider of ir.auth.providers.filter((name) => name !== "email")) {
      const lacking = providerVariables(provider).filter((variable) => variable.required && !available.has(variable.variable)).map((variable) => variable.variable);
      if (!lacking.length) continue;
      warnings.push(warning("SDK_DEPLOY_AUTH_PROVIDER_VARIABLES", `auth provider ${provider} has no ${lacking.join(" or ")} on the worker; unless auth.ts gives them, sign-in with ${provider} will be off`, {
        file: "sdk.config.ts",
        configPath: "auth.providers",
        hint: lacking.map((name) => `sdk secret put ${name}`).join("; "),
      }));
    }
  }
  return { missing, warnings };
}

export interface LocalMigrations {
  /** The lock's binding key and files, for the remote apply. */
  binding: string;
  files: MigrationFile[];
  /** Files the lock's history does not hold yet: what this deploy will apply. */
  unrecorded: MigrationFile[];
}

/**
 * The migration files against the lock's append-only history, with no database at hand: an
 * applied file edited or deleted, or a new one dated before an applied one, stops the deploy
 * before anything is uploaded.
 */
export async function checkMigrationHistory(root: string): Promise<LocalMigrations> {
  const context = await loadDatabaseContext(root);
  checkMigrationsDialect(context);
  const files = listMigrationFiles(context.root, context.migrationsDir);
  const locked = readLockedMigrations(context.root, context.binding);
  const plan = planMigrations({ files, applied: locked.map(({ name, appliedAt }) => ({ name, appliedAt })), locked, folder: context.migrationsFolder, now: new Date() });
  if (plan.problems.length) throw new UserError(plan.problems);
  const known = new Set(locked.map((entry) => entry.name));
  return { binding: context.binding, files, unrecorded: files.filter((file) => !known.has(file.name)) };
}
