/**
 * Suggestions for a mistyped command or option: the known name closest to what was typed, by
 * edit distance counting a swap of two neighbouring letters as one edit (`biuld` -> `build`).
 */

/** The closest candidate, when it is near enough to be what was meant. */
export function closest(typed: string, candidates: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(typed.toLowerCase(), name.toLowerCase());
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
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

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i]![j] = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i]![j] = Math.min(rows[i]![j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}
