#!/usr/bin/env node
/**
 * Extracts, from Cloudflare's published OpenAPI schema (github.com/cloudflare/api-schemas,
 * `openapi.json`, ~4 MB), the operations the deploy client and the platform stand-in use, with
 * every component they reference, into spec/helpers/platform-api/openapi-subset.json. The stand-in
 * validates requests and answers against that file (spec/helpers/platform-api/conformance.ts).
 *
 *   node scripts/openapi-subset.mjs <path to openapi.json> <commit of cloudflare/api-schemas> [commit date]
 *
 * e.g. from a clone: git -C api-schemas show <commit>:openapi.json > /tmp/openapi.json
 * Operations the pinned file does not have yet are listed under `x-missing`; the stand-in takes
 * them from openapi-supplement.json, which names its own source.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Method and path, with `{}` for any path parameter (the schema's names for them vary). */
export const OPERATIONS = [
  "GET /user/tokens/verify",
  "GET /accounts/{}/tokens/verify",
  "GET /accounts",
  "GET /accounts/{}/subscriptions",
  "GET /accounts/{}/workers/subdomain",
  "PUT /accounts/{}/workers/subdomain",
  "GET /accounts/{}/workers/scripts",
  "PUT /accounts/{}/workers/scripts/{}",
  "DELETE /accounts/{}/workers/scripts/{}",
  "POST /accounts/{}/workers/scripts/{}/versions",
  "GET /accounts/{}/workers/scripts/{}/deployments",
  "POST /accounts/{}/workers/scripts/{}/deployments",
  "GET /accounts/{}/workers/scripts/{}/secrets",
  "PUT /accounts/{}/workers/scripts/{}/secrets",
  "DELETE /accounts/{}/workers/scripts/{}/secrets/{}",
  "GET /accounts/{}/workers/scripts/{}/versions/{}",
  "PATCH /accounts/{}/workers/scripts/{}/settings",
  "PATCH /accounts/{}/workers/scripts/{}/script-settings",
  "PUT /accounts/{}/workers/scripts/{}/schedules",
  "GET /accounts/{}/workers/scripts/{}/subdomain",
  "POST /accounts/{}/workers/scripts/{}/subdomain",
  "POST /accounts/{}/workers/scripts/{}/assets-upload-session",
  "POST /accounts/{}/workers/assets/upload",
  "GET /accounts/{}/d1/database",
  "POST /accounts/{}/d1/database",
  "POST /accounts/{}/d1/database/{}/query",
  "POST /accounts/{}/d1/database/{}/raw",
  "GET /accounts/{}/storage/kv/namespaces",
  "POST /accounts/{}/storage/kv/namespaces",
  "GET /accounts/{}/storage/kv/namespaces/{}/values/{}",
  "PUT /accounts/{}/storage/kv/namespaces/{}/values/{}",
  "DELETE /accounts/{}/storage/kv/namespaces/{}/values/{}",
  "GET /accounts/{}/storage/kv/namespaces/{}/keys",
  "GET /accounts/{}/r2/buckets",
  "POST /accounts/{}/r2/buckets",
  "GET /accounts/{}/queues",
  "POST /accounts/{}/queues",
  "GET /accounts/{}/queues/{}/consumers",
  "POST /accounts/{}/queues/{}/consumers",
  "PUT /accounts/{}/queues/{}/consumers/{}",
  "GET /accounts/{}/hyperdrive/configs",
  "POST /accounts/{}/hyperdrive/configs",
  "GET /zones",
  "GET /zones/{}/workers/routes",
  "POST /zones/{}/workers/routes",
  "PUT /accounts/{}/workers/domains",
  "GET /zones/{}/email/routing",
  "POST /zones/{}/email/routing/enable",
  "GET /zones/{}/dns_records",
  "PUT /zones/{}/email/routing/rules/catch_all",
  "GET /accounts/{}/containers/applications",
  "POST /accounts/{}/containers/applications",
  "PATCH /accounts/{}/containers/applications/{}",
  "DELETE /accounts/{}/containers/applications/{}",
  "POST /accounts/{}/containers/applications/{}/rollouts",
  "POST /accounts/{}/containers/registries/{}/credentials",
];

const shape = (templatePath) => templatePath.replace(/\{[^}]+\}/g, "{}");

/** Drops what only documents (examples, descriptions), so the subset stays small and diffable. */
function strip(value) {
  if (Array.isArray(value)) return value.map(strip);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "example" && key !== "examples" && key !== "description" && key !== "x-cfLinkErrors").map(([key, inner]) => [key, strip(inner)]));
}

function refsIn(value, found = new Set()) {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.add(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

export function extractSubset(openapi, source) {
  const byShape = new Map(Object.keys(openapi.paths).map((templatePath) => [shape(templatePath), templatePath]));
  const paths = {};
  const missing = [];
  for (const operation of OPERATIONS) {
    const [method, wanted] = operation.split(" ");
    const templatePath = byShape.get(wanted);
    const item = templatePath && openapi.paths[templatePath];
    const chosen = item?.[method.toLowerCase()];
    if (!chosen) {
      missing.push(operation);
      continue;
    }
    paths[templatePath] ??= item.parameters ? { parameters: strip(item.parameters) } : {};
    const { responses = {}, ...rest } = chosen;
    const kept = Object.fromEntries(Object.entries(responses).filter(([status]) => /^2/.test(status)));
    paths[templatePath][method.toLowerCase()] = strip({ ...rest, responses: kept });
  }
  const components = {};
  const pending = [...refsIn(paths)];
  const seen = new Set();
  while (pending.length) {
    const ref = pending.pop();
    if (seen.has(ref)) continue;
    seen.add(ref);
    const [, , section, name] = ref.split("/");
    const target = openapi.components?.[section]?.[name];
    if (!target) throw new Error(`${ref} is referenced but not defined in the source schema`);
    (components[section] ??= {})[name] = strip(target);
    pending.push(...refsIn(target));
  }
  for (const section of Object.values(components)) for (const name of Object.keys(section).sort()) section[name] = section[name];
  return {
    openapi: openapi.openapi,
    info: { title: "Cloudflare API: the subset sdk deploy and the platform stand-in use", version: openapi.info?.version ?? "" },
    "x-source": source,
    "x-missing": missing,
    paths,
    components: Object.fromEntries(Object.entries(components).map(([section, entries]) => [section, Object.fromEntries(Object.keys(entries).sort().map((name) => [name, entries[name]]))])),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [file, commit, date] = process.argv.slice(2);
  if (!file || !/^[0-9a-f]{40}$/.test(commit ?? "")) {
    console.error("usage: node scripts/openapi-subset.mjs <openapi.json> <40-hex commit of cloudflare/api-schemas> [commit date]");
    process.exit(2);
  }
  const subset = extractSubset(JSON.parse(readFileSync(file, "utf8")), { repository: "https://github.com/cloudflare/api-schemas", file: "openapi.json", commit, ...(date && { date }) });
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "spec", "helpers", "platform-api", "openapi-subset.json");
  writeFileSync(out, `${JSON.stringify(subset, null, 1)}\n`);
  console.log(`${Object.keys(subset.paths).length} paths, ${Object.values(subset.components).reduce((sum, section) => sum + Object.keys(section).length, 0)} components → ${path.relative(process.cwd(), out)}`);
  if (subset["x-missing"].length) console.log(`not in this schema (see openapi-supplement.json): ${subset["x-missing"].join(", ")}`);
}
