/**
 * The one Miniflare (one workerd) behind the stand-in: the D1/KV/R2 data the API endpoints read
 * and write, and the uploaded worker versions (see worker-options.ts), persisted under the
 * stand-in's folder so what `/query` writes is what a deployed worker reads. A change of state
 * that concerns workerd is applied with `refresh()`, which restarts it once no request holds it.
 */
import path from "node:path";
import type { Readable } from "node:stream";
import { Log, LogLevel, Miniflare, type MiniflareOptions } from "miniflare";
import { SharedExclusiveLock, type Release } from "./lock.ts";
import type { PlatformState } from "./state.ts";
import { miniflareWorkers, servedVersions, STAND_IN_WORKER, TARGET_HEADER, type ServedVersion } from "./worker-options.ts";

/** workerd did not start with the new workers; `message` is what it printed (the uncaught error). */
export class RuntimeStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RuntimeStartError";
  }
}

/** Miniflare's own messages (a send_email binding's message file, for one) go to the stand-in's log. */
class LinesLog extends Log {
  constructor(private readonly lines: string[]) {
    super(LogLevel.INFO);
  }

  protected override log(message: string): void {
    this.lines.push(message);
  }
}

/** Miniflare's worker proxy, typed with the DOM's Response (Miniflare types it with workers-types, not loaded in this repo). */
interface WorkerFetcher {
  fetch(url: string, init: { method?: string; headers: [string, string][]; body?: Uint8Array; redirect: "manual" }): Promise<Response>;
}

export class WorkerRuntime {
  /** workerd's output and Miniflare's messages, line by line: the workers' console output is here. */
  readonly logs: string[] = [];
  private readonly lock = new SharedExclusiveLock();
  /** version id → the Miniflare worker running it, as last applied. */
  private applied = new Map<string, string>();
  private stderrSinceApply = "";
  private readonly mf: Miniflare;

  private constructor(
    private readonly state: PlatformState,
    private readonly dir: string,
  ) {
    const served = servedVersions(state);
    this.mf = new Miniflare(this.options(served));
    this.applied = runningWorkers(served);
  }

  static async start(state: PlatformState, dir: string): Promise<WorkerRuntime> {
    const runtime = new WorkerRuntime(state, dir);
    await runtime.mf.ready;
    return runtime;
  }

  private options(served: ServedVersion[]): MiniflareOptions {
    return {
      // cf: false keeps Miniflare from fetching `request.cf` data from the network.
      cf: false,
      host: "127.0.0.1",
      port: 0,
      defaultPersistRoot: path.join(this.dir, "state"),
      log: new LinesLog(this.logs),
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
        stdout.on("data", (chunk: Buffer) => this.logs.push(...lines(chunk)));
        stderr.on("data", (chunk: Buffer) => {
          this.logs.push(...lines(chunk));
          this.stderrSinceApply += chunk.toString();
        });
      },
      workers: miniflareWorkers(this.state, this.dir, served),
    };
  }

  /** Applies the state's workers; rejects with a RuntimeStartError when workerd does not start with them. */
  async refresh(): Promise<void> {
    const release = await this.lock.exclusive();
    try {
      this.stderrSinceApply = "";
      const served = servedVersions(this.state);
      await this.mf.setOptions(this.options(served));
      this.applied = runningWorkers(served);
    } catch (cause) {
      this.applied.clear();
      throw new RuntimeStartError(startupError(this.stderrSinceApply) || (cause as Error).message);
    } finally {
      release();
    }
  }

  /** Runs `use` with the runtime while no restart can poison the stubs it takes. */
  async data<T>(use: (mf: Miniflare) => Promise<T>): Promise<T> {
    const release = await this.lock.shared();
    try {
      return await use(this.mf);
    } finally {
      release();
    }
  }

  /**
   * The worker running `versionId`, held until `release` (after the response is sent), so a
   * restart waits for the request. A version not running yet (an older one a preview host names)
   * is added first.
   */
  async worker(versionId: string): Promise<{ fetcher: WorkerFetcher; release: Release }> {
    if (!this.applied.has(versionId)) {
      this.state.previewsRequested.add(versionId);
      await this.refresh();
    }
    const release = await this.lock.shared();
    try {
      const name = this.applied.get(versionId);
      if (!name) throw new Error(`version ${versionId} is not running in the stand-in's runtime`);
      const standIn = (await this.mf.getWorker(STAND_IN_WORKER)) as unknown as WorkerFetcher;
      return { fetcher: { fetch: (url, init) => standIn.fetch(url, { ...init, headers: [...init.headers, [TARGET_HEADER, name]] }) }, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  dispose(): Promise<void> {
    return this.mf.dispose();
  }
}

function runningWorkers(served: ServedVersion[]): Map<string, string> {
  return new Map(served.map((entry) => [entry.version.id, entry.workerName]));
}

function lines(chunk: Buffer): string[] {
  return chunk.toString().split("\n").filter((line) => line.trim());
}

/** workerd names the service (`service core:user:<worker>: Uncaught Error: …`); the platform names only the error. */
function startupError(stderr: string): string {
  return stderr.replace(/service core:user:\S*?: /g, "").trim();
}
