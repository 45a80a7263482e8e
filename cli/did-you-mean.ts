/**
 * Suggestions for a mistyped command or option, by the same measure as a misspelt config field's
 * (compiler/config/hints.ts): the known name closest to what was typed.
 */
import { closest as closestName } from "../compiler/config/hints.js";

/** The closest candidate, when it is near enough to be what was meant. */
export function closest(typed: string, candidates: readonly string[]): string | undefined {
  return closestName(typed, candidates) ?? undefined;
}

/** `--target <target>` -> `--target`; `-h, --help` -> `-h`, `--help`. */
export function flagsOf(rawName: string): string[] {
  return rawName.split(",").map((part) => part.trim().split(/[\s<[]/, 1)[0]!).filter((flag) => flag.startsWith("-"));
}

/** The first option in `args` (up to `--`) that is not one of `known`, as typed, without its `=value`. */
export function firstUnknownFlag(args: readonly string[], known: readonly string[]): string | undefined {
  for (const arg of args) {
    if (arg === "--") return undefined;
    if (!arg.startsWith("-") || arg === "-" || /^-\d/.test(arg)) continue;
    const flag = arg.split("=", 1)[0]!;
    if (!known.includes(flag)) return flag;
  }
  return undefined;
}
