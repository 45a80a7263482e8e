/**
 * A worker upload's multipart body: the `metadata` JSON part and one part per module file, named
 * by its path relative to dist/server. Parsed by the web-standard `Request#formData()`, the same
 * parser the platform's own runtime uses, rather than a hand-written one.
 */
import type { ModuleRuleType } from "miniflare";
import { ApiError, CODE } from "./http.ts";
import type { ModuleFile, WorkerMetadata } from "./state.ts";

/** Part content types the platform reads as modules, and the workerd module kind each becomes. */
const MODULE_TYPES: Record<string, ModuleRuleType> = {
  "application/javascript+module": "ESModule",
  "text/javascript+module": "ESModule",
  "application/javascript": "CommonJS",
  "text/javascript": "CommonJS",
  "application/wasm": "CompiledWasm",
  "text/plain": "Text",
  "application/octet-stream": "Data",
};

export function moduleType(contentType: string): ModuleRuleType | undefined {
  return MODULE_TYPES[contentType];
}

const invalid = (message: string) => new ApiError(400, CODE.invalidWorker, message);

/** The parts of any multipart body (the assets upload's too), refused with 400 when it is not one. */
export async function readForm(contentType: string | undefined, body: Buffer): Promise<FormData> {
  if (!contentType?.startsWith("multipart/form-data")) throw invalid(`expected a multipart/form-data body, got ${contentType ?? "no content type"}`);
  try {
    return await new Request("http://stand-in.invalid/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(body) }).formData();
  } catch (cause) {
    throw invalid(`the multipart body could not be read: ${(cause as Error).message}`);
  }
}

export interface WorkerUpload {
  metadata: WorkerMetadata;
  modules: ModuleFile[];
}

export async function readWorkerUpload(contentType: string | undefined, body: Buffer): Promise<WorkerUpload> {
  const form = await readForm(contentType, body);
  const metadataPart = form.get("metadata");
  if (metadataPart === null) throw invalid("the upload has no metadata part");
  let metadata: WorkerMetadata;
  try {
    metadata = JSON.parse(typeof metadataPart === "string" ? metadataPart : await metadataPart.text()) as WorkerMetadata;
  } catch {
    throw invalid("the metadata part is not JSON");
  }
  if (typeof metadata.main_module !== "string") throw invalid("metadata.main_module is missing: the upload names no entry module");

  const modules: ModuleFile[] = [];
  for (const [name, part] of form.entries()) {
    if (name === "metadata") continue;
    if (typeof part === "string") throw invalid(`part ${name} is a plain field, not a file with a content type`);
    const type = part.type.split(";")[0].trim().toLowerCase();
    if (!moduleType(type)) throw invalid(`part ${name} has content type ${part.type || "(none)"}, which is not a module type (${Object.keys(MODULE_TYPES).join(", ")})`);
    modules.push({ name, contentType: type, bytes: new Uint8Array(await part.arrayBuffer()) });
  }
  if (!modules.some((module) => module.name === metadata.main_module)) throw invalid(`No such module "${metadata.main_module}": metadata.main_module names no part of the upload`);
  return { metadata, modules };
}
