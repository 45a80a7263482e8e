/**
 * A wrangler project's package.json scripts, moved to sdk: each wrangler command sdk has its own
 * form of becomes that form in place (`wrangler dev --port 8788` -> `sdk dev --port 8788`), the
 * rest of the script as it was. A command with a flag sdk has no equivalent for is left alone and
 * named, as is every other script still running wrangler: its config file is gone, so it would
 * fail or act on a different worker.
 */

export interface ScriptRewrite {
  script: string;
  from: string;
  to: string;
}

export interface ScriptsResult {
  scripts: Record<string, string>;
  rewritten: ScriptRewrite[];
  /** `scripts.tail still runs wrangler (...)`: what the user must look at. */
  notes: string[];
}

/** A command between shell separators, with a runner prefix (`npx`, `pnpm exec`, ...) kept as it is. */
const WRANGLER_COMMAND = /^(\s*(?:(?:npx|bunx|pnpm exec|pnpm|yarn)\s+)?)wrangler(\s+[^]*?)?(\s*)$/;
const SEPARATOR = /(\s*(?:&&|\|\||;|\|)\s*)/;

export function rewriteWranglerScripts(scripts: Readonly<Record<string, string>>): ScriptsResult {
  const result: ScriptsResult = { scripts: { ...scripts }, rewritten: [], notes: [] };
  for (const [name, command] of Object.entries(scripts)) {
    if (typeof command !== "string" || !/\bwrangler\b/.test(command)) continue;
    const parts = command.split(SEPARATOR).map((part) => {
      const match = WRANGLER_COMMAND.exec(part);
      const sdk = match ? sdkCommand(words(match[2] ?? "")) : null;
      return match && sdk ? `${match[1]}${sdk}${match[3]}` : part;
    });
    const rewritten = parts.join("");
    if (rewritten !== command) {
      result.scripts[name] = rewritten;
      result.rewritten.push({ script: name, from: command, to: rewritten });
    }
    if (/\bwrangler\b/.test(rewritten)) {
      result.notes.push(`scripts.${name} still runs wrangler (${rewritten}): sdk has no equivalent of that command, and wrangler's config is now sdk.config.ts; change it by hand, or run wrangler on the build with -c dist/server/wrangler.json`);
    }
  }
  return result;
}

function words(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean);
}

/** The sdk command for wrangler's arguments, or null when there is none with the same meaning. */
function sdkCommand(args: string[]): string | null {
  const [command, ...rest] = args;
  if (command === "dev") return devCommand(rest);
  if ((command === "deploy" || command === "publish") && !rest.length) return "sdk deploy";
  if (command === "types" && !rest.length) return "sdk prepare";
  if (command === "d1" && rest[0] === "migrations" && (rest[1] === "apply" || rest[1] === "list")) return migrationsCommand(rest[1], rest.slice(2));
  return null;
}

/** `wrangler dev`'s flags that `sdk dev` has: `--port`, and `--ip` as `--host`; `--local` is what sdk dev is. */
function devCommand(flags: string[]): string | null {
  const out = ["sdk", "dev"];
  for (let i = 0; i < flags.length; i += 1) {
    const [flag, inline] = flags[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag === "--local") continue;
    if (flag !== "--port" && flag !== "--ip") return null;
    const value = inline ?? flags[++i];
    if (value === undefined || value.startsWith("-")) return null;
    out.push(flag === "--ip" ? "--host" : flag, value);
  }
  return out.join(" ");
}

/** `wrangler d1 migrations apply|list <database> [--local|--remote]`: sdk has one database. */
function migrationsCommand(action: "apply" | "list", args: string[]): string | null {
  const [database, ...flags] = args;
  if (database === undefined || database.startsWith("-")) return null;
  const remote = flags.includes("--remote");
  if (flags.some((flag) => flag !== "--remote" && flag !== "--local")) return null;
  return `sdk db ${action === "apply" ? "migrate" : "status"}${remote ? " --remote" : ""}`;
}
