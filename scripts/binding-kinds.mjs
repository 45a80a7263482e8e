#!/usr/bin/env node
/**
 * Extracts, from the official `cloudflare` npm package's types (resources/workers/scripts/
 * versions.d.ts, `VersionCreateParams.Metadata`'s `WorkersBindingKind*` interfaces), each binding
 * kind of a worker upload's metadata with its required and optional fields, into
 * spec/helpers/platform-api/binding-kinds.json. The stand-in checks every uploaded binding
 * against it (conformance.ts): the pinned OpenAPI schema types a binding as any object.
 *
 *   node scripts/binding-kinds.mjs <unpacked cloudflare package> <version>
 *
 * e.g. npm pack cloudflare@7.3.0 && tar xzf cloudflare-7.3.0.tgz → ./package
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function extractBindingKinds(source) {
  const start = source.indexOf("export declare namespace VersionCreateParams {");
  const metadata = source.indexOf("    namespace Metadata {", start);
  const lines = source.slice(metadata).split("\n");
  const kinds = {};
  let current;
  for (const line of lines.slice(1)) {
    if (/^    }/.test(line)) break;
    const opened = /^        interface WorkersBindingKind\w+ \{/.exec(line);
    if (opened) {
      current = { required: [], optional: [] };
      continue;
    }
    if (/^        }/.test(line)) {
      if (current?.type) kinds[current.type] = { required: current.required.sort(), optional: current.optional.sort() };
      current = undefined;
      continue;
    }
    const field = current && /^            (\w+)(\?)?: (.*);$/.exec(line);
    if (!field) continue;
    const [, name, optional, type] = field;
    if (name === "type") current.type = /^'([^']+)'$/.exec(type)?.[1];
    else (optional ? current.optional : current.required).push(name);
  }
  return kinds;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [packageDir, version] = process.argv.slice(2);
  if (!packageDir || !version) {
    console.error("usage: node scripts/binding-kinds.mjs <unpacked cloudflare package> <version>");
    process.exit(1);
  }
  const file = "resources/workers/scripts/versions.d.ts";
  const kinds = extractBindingKinds(readFileSync(path.join(packageDir, file), "utf8"));
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "spec", "helpers", "platform-api", "binding-kinds.json");
  writeFileSync(out, `${JSON.stringify({ "x-source": { package: "cloudflare", version, file, types: "VersionCreateParams.Metadata.WorkersBindingKind*" }, kinds }, null, 2)}\n`);
  console.log(`${Object.keys(kinds).length} binding kinds → ${path.relative(process.cwd(), out)}`);
}
