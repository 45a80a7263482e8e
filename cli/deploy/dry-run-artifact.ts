/**
 * What `sdk deploy --dry-run` leaves for the user to read: `.sdk/deploy/requests.json` (every
 * request, in order, multipart parts described by size and sha256) and `.sdk/deploy/upload/`
 * (the worker upload's metadata, its modules and the assets manifest), replaced on each run.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DeployResult } from "./deploy.js";
import type { PlannedRequest } from "./dry-run-api.js";

export const DRY_RUN_DIR = ".sdk/deploy";

export function writeDryRunArtifact(root: string, result: DeployResult, requests: readonly PlannedRequest[]): { requests: number } {
  const dir = path.join(root, DRY_RUN_DIR);
  rmSync(dir, { recursive: true, force: true });
  const upload = path.join(dir, "upload");
  mkdirSync(upload, { recursive: true });
  writeFileSync(path.join(dir, "requests.json"), `${JSON.stringify(requests, null, 2)}\n`);
  const artifact = result.artifact!;
  writeFileSync(path.join(upload, "metadata.json"), `${JSON.stringify(artifact.metadata, null, 2)}\n`);
  writeFileSync(path.join(upload, "assets-manifest.json"), `${JSON.stringify(artifact.assetsManifest, null, 2)}\n`);
  for (const module of artifact.modules) {
    const file = path.join(upload, "modules", module.name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, module.bytes);
  }
  return { requests: requests.length };
}
