/** The keys `sdk dev` answers on a terminal, and the help the `h` key prints. */

export interface Shortcut {
  key: string;
  description: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { key: "t", description: "list the triggers (crons, inbound email) with the curl command that fires each" },
  { key: "h", description: "show this help" },
  { key: "q", description: "quit" },
];

export function helpLines(): string[] {
  return ["  Shortcuts", ...SHORTCUTS.map(({ key, description }) => `    press ${key} to ${description}`)];
}
