/**
 * An upload's bindings held to the official `cloudflare` package's types: the pinned OpenAPI
 * schema types a binding as any object, so each is checked against binding-kinds.json (extracted
 * by scripts/binding-kinds.mjs from `VersionCreateParams.Metadata`'s `WorkersBindingKind*`): a
 * known kind, its required fields, and no field the kind lacks, unless lags.ts allows it.
 */
import { readFileSync } from "node:fs";
import { bindingLag } from "./lags.ts";

interface Kind {
  required: string[];
  optional: string[];
}

const { kinds } = JSON.parse(readFileSync(new URL("./binding-kinds.json", import.meta.url), "utf8")) as { kinds: Record<string, Kind> };

export function bindingProblems(metadata: unknown): string[] {
  const bindings = (metadata as { bindings?: unknown } | null)?.bindings;
  if (!Array.isArray(bindings)) return [];
  return bindings.flatMap((binding: Record<string, unknown>, index) => {
    const where = `the metadata part's bindings[${index}] (${String(binding.type)} ${String(binding.name)})`;
    const kind = kinds[String(binding.type)];
    if (!kind) return [`${where}: no binding kind of that type in the official SDK's types`];
    const lag = bindingLag(String(binding.type));
    const required = kind.required.filter((field) => !lag.optional.includes(field) && !lag.alternatives.some(([instead, of]) => of === field && instead in binding));
    const known = new Set(["type", ...kind.required, ...kind.optional, ...lag.extra, ...lag.alternatives.map(([instead]) => instead)]);
    return [
      ...required.filter((field) => !(field in binding)).map((field) => `${where}: required field ${field} is missing`),
      ...Object.keys(binding).filter((field) => !known.has(field)).map((field) => `${where}: field ${field} is not in the official SDK's type`),
    ];
  });
}
