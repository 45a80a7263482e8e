/** Fills the `{{slot}}` markers of a template file in `emitters/templates/`. */
import { readFileSync } from "node:fs";
import { packagePath } from "../compiler/paths.js";

const SLOT = /\{\{(\w+)\}\}/g;
const cache = new Map<string, string>();

function readTemplate(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(packagePath("emitters", "templates", name), "utf8");
    cache.set(name, text);
  }
  return text;
}

/** Every slot in the template must be given and every value used, so templates and callers agree. */
export function renderTemplate(name: string, slots: Record<string, string>): string {
  const used = new Set<string>();
  const text = readTemplate(name).replace(SLOT, (_, slot: string) => {
    const value = slots[slot];
    if (value === undefined) throw new Error(`template ${name}: no value for slot {{${slot}}}`);
    used.add(slot);
    return value;
  });
  const unused = Object.keys(slots).filter((slot) => !used.has(slot));
  if (unused.length) throw new Error(`template ${name}: unknown slots ${unused.join(", ")}`);
  return text;
}
