/**
 * The build report's data (`.sdk/report/report.json`): every file the build wrote to dist/, each
 * in one bundle (the server's, the client's, or the static files beside them), with raw and gzip
 * sizes read from dist/ itself, so the totals are what is deployed. A bundle's modules come from
 * Rolldown's output, which measures each module's code before the chunk is minified: a module's raw
 * and gzip sizes are its share of that code times the written chunk's, an estimate that keeps a
 * chunk's modules adding up to the file.
 */
import type { BundledChunk, ChunkModule } from "../../bundler/chunk-modules.js";
import type { Target } from "../../compiler/ir.js";
import type { ClientManifest } from "../../runtime/pages/types.js";

export interface SizedFile {
  /** Project-relative, as the CLI prints it. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface ReportModule {
  id: string;
  /** The file of dist/ the module is in. */
  file: string;
  /** Its code as Rolldown rendered it, before minification. */
  renderedBytes: number;
  bytes: number;
  gzipBytes: number;
}

export interface ReportPage {
  /** The page's project-relative file. */
  page: string;
  /** The scripts a visit to the page loads: the entry, then the page's and its layouts' chunks. */
  files: string[];
  bytes: number;
  gzipBytes: number;
}

export type BundleName = "server" | "client" | "static";

export interface ReportBundle {
  name: BundleName;
  files: SizedFile[];
  modules: ReportModule[];
  bytes: number;
  gzipBytes: number;
  /** The client bundle only: what each page loads. */
  pages?: ReportPage[];
}

export interface ReportData {
  target: Target;
  bundles: ReportBundle[];
  /** Every file of dist/ but source maps. */
  totals: { files: number; bytes: number; gzipBytes: number };
}

export interface ReportInputs {
  target: Target;
  /** Every file the build wrote to dist/, maps included or not (they are left out). */
  outputs: readonly SizedFile[];
  server: { dir: string; chunks: readonly BundledChunk[] };
  client?: { dir: string; chunks: readonly BundledChunk[]; manifest: ClientManifest };
}

const sum = (files: readonly { bytes: number; gzipBytes: number }[]) => ({
  bytes: files.reduce((total, file) => total + file.bytes, 0),
  gzipBytes: files.reduce((total, file) => total + file.gzipBytes, 0),
});

export function reportData(inputs: ReportInputs): ReportData {
  const outputs = inputs.outputs.filter((output) => !output.file.endsWith(".map"));
  const byFile = new Map(outputs.map((output) => [output.file, output]));
  const inDir = (dir: string) => outputs.filter((output) => output.file.startsWith(`${dir}/`));
  const server = bundle("server", inDir(inputs.server.dir), modulesOf(inputs.server.dir, inputs.server.chunks, byFile));
  const bundles = [server];
  if (inputs.client) {
    const { dir, chunks, manifest } = inputs.client;
    const clientFiles = new Set(chunks.map((chunk) => `${dir}/${chunk.fileName}`));
    const client = bundle("client", outputs.filter((output) => clientFiles.has(output.file)), modulesOf(dir, chunks, byFile));
    client.pages = Object.entries(manifest.pages).map(([page, assets]) => {
      const files = [manifest.entry, ...assets.modules].map((url) => `${dir}${url}`).filter((file) => byFile.has(file));
      return { page, files, ...sum(files.map((file) => byFile.get(file)!)) };
    });
    bundles.push(client);
  }
  const placed = new Set(bundles.flatMap((each) => each.files.map((file) => file.file)));
  bundles.push(bundle("static", outputs.filter((output) => !placed.has(output.file)), []));
  return { target: inputs.target, bundles, totals: { files: outputs.length, ...sum(outputs) } };
}

function bundle(name: BundleName, files: SizedFile[], modules: ReportModule[]): ReportBundle {
  return { name, files, modules: modules.sort((a, b) => b.bytes - a.bytes), ...sum(files) };
}

/** A chunk's modules, their sizes estimated from their share of the chunk's rendered code. */
function modulesOf(dir: string, chunks: readonly BundledChunk[], byFile: ReadonlyMap<string, SizedFile>): ReportModule[] {
  return chunks.flatMap((chunk) => {
    const file = `${dir}/${chunk.fileName}`;
    const written = byFile.get(file);
    const rendered = chunk.modules.reduce((total, module) => total + module.bytes, 0);
    if (!written || rendered === 0) return [];
    const share = (size: number, module: ChunkModule) => Math.round((size * module.bytes) / rendered);
    return chunk.modules.map((module) => ({
      id: module.id,
      file,
      renderedBytes: module.bytes,
      bytes: share(written.bytes, module),
      gzipBytes: share(written.gzipBytes, module),
    }));
  });
}

/** The largest modules of every bundle together, by raw size. */
export function largestModules(data: ReportData, count: number): (ReportModule & { bundle: BundleName })[] {
  return data.bundles
    .flatMap((each) => each.modules.map((module) => ({ ...module, bundle: each.name })))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}
