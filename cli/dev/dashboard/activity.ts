/**
 * What the app did while `sdk dev` ran, for the dashboard's requests and jobs tabs: each request
 * that reached the app (method, path, status, time, the route and middleware it ran, what it
 * printed, its error with the source location), each cron fired and each queue batch or inbound
 * message consumed, with its output. On the edge what the app prints reaches the dev server as
 * lines tagged by runtime/dev/console-tags.ts (`[GET /api/x] …`, `[cron 0 * * * *] …`, `[queue
 * jobs] …`); on node, bun and deno the app runs in this process, and each line is told apart by
 * the request it runs in. Kept in memory, the newest `limit` of each; each change is told to the `onChange` listeners (the live stream).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { format } from "node:util";

export type Level = "log" | "warn" | "error";

export interface OutputLine {
  at: string;
  level: Level;
  text: string;
}

export interface SourcePlace {
  file: string;
  line: number;
  column: number;
}

export interface RequestEntry {
  id: number;
  /** Bumped at each change: the dashboard polls for what changed since the version it has. */
  version: number;
  method: string;
  path: string;
  startedAt: string;
  status: number | null;
  ms: number | null;
  route: { kind: "route" | "page"; pattern: string; file: string } | null;
  middleware: string[];
  /** What each middleware and the route took, as the dev app answered them (runtime/dev/timing.ts); a middleware's own time, not what it wraps. */
  timings: StepTiming[];
  output: OutputLine[];
  error: { message: string; at: SourcePlace | null; stack?: string } | null;
}

export interface StepTiming {
  kind: "middleware" | "route";
  file: string;
  ms: number;
}

export interface JobRun {
  id: number;
  version: number;
  kind: "cron" | "queue" | "email";
  /** The cron expression, the queue's name or the recipient. */
  name: string;
  startedAt: string;
  outcome: "ok" | "exception" | null;
  ran: string[];
  errors: { file?: string; message: string }[];
  output: OutputLine[];
}

const TAG = /^\[(cron|queue|email to) ([^\]]+)\] ?|^\[([A-Z]+) (\/[^\]\s]*)\] ?/;
/** What one request or run keeps of its output: a loop that prints cannot fill the dev server's memory. */
const MAX_LINES = 200;
const MAX_LINE_CHARS = 8_000;
/** Lines printed for a job within this long of the last one belong to the same run. */
const SAME_RUN_MS = 2_000;
/** A source file in a stack line or a message: `at x (/app/routes/a.ts:3:9)`, `routes/a.ts:3:9`. */
const PLACE = /((?:[A-Za-z]:)?[\w./@\\-]+\.(?:[cm]?[jt]sx?|vue|svelte|md)):(\d+):(\d+)/g;

export class Activity {
  readonly requests: RequestEntry[] = [];
  readonly jobs: JobRun[] = [];
  private version = 0;
  private nextId = 1;
  private readonly inRequest = new AsyncLocalStorage<RequestEntry | JobRun>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly root: string,
    private readonly limit = 500,
  ) {}

  /** Calls `listener` after each change (request-stream.ts); returns what stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The requests changed since `version`. */
  requestsSince(version: number): RequestEntry[] {
    return this.requests.filter((entry) => entry.version > version);
  }

  /** The next version, told to each listener once the change is made (a microtask later). */
  private bump(): number {
    if (this.listeners.size) queueMicrotask(() => this.listeners.forEach((listener) => listener()));
    return ++this.version;
  }

  /** The newest version any entry has. */
  get current(): number {
    return this.version;
  }

  begin(method: string, pathname: string, route: RequestEntry["route"], middleware: string[]): RequestEntry {
    const entry: RequestEntry = { id: this.nextId++, version: this.bump(), method, path: pathname, startedAt: new Date().toISOString(), status: null, ms: null, route, middleware, timings: [], output: [], error: null };
    push(this.requests, entry, this.limit);
    return entry;
  }

  finish(entry: RequestEntry, status: number, ms: number, timings: StepTiming[] = []): void {
    entry.status = status;
    entry.timings = timings;
    entry.ms = Math.round(ms * 10) / 10;
    entry.version = this.bump();
  }

  /** The error a 500 answered with in dev (`{ error, stack }`), located at the first frame in the app's source. */
  failed(entry: RequestEntry, message: string, stack: string): void {
    entry.error = { message, at: this.placeIn(stack), stack };
    entry.version = this.bump();
  }

  /** Runs `work` as part of `entry`, a request or a job: what it prints in this process is its output. */
  within<T>(entry: RequestEntry | JobRun, work: () => T): T {
    return this.inRequest.run(entry, work);
  }

  /** A cron about to run in this process (node, bun, deno): its run, for `within`. */
  cronStarting(cron: string): JobRun {
    const run: JobRun = { id: this.nextId++, version: this.bump(), kind: "cron", name: cron, startedAt: new Date().toISOString(), outcome: null, ran: [], errors: [], output: [] };
    push(this.jobs, run, this.limit);
    return run;
  }

  /** A cron fired from the dashboard or `/__sdk/scheduled`: its output follows as tagged lines. */
  cronFired(cron: string, report: { ran: string[]; outcome: "ok" | "exception"; errors?: { file?: string; message: string }[] }): JobRun {
    const run = this.jobRun("cron", cron, true);
    run.outcome = report.outcome;
    run.ran = report.ran;
    run.errors = report.errors ?? [];
    run.version = this.bump();
    return run;
  }

  /** A line the app printed in this process; false when it printed it outside any request. */
  printedHere(level: Level, args: unknown[]): boolean {
    const entry = this.inRequest.getStore();
    if (!entry) return false;
    this.addLine(entry, level, format(...args));
    return true;
  }

  /** A line of workerd's output, as Cloudflare's plugin hands it to Vite's logger. */
  workerOutput(level: Level, message: string): void {
    for (const line of message.split("\n")) {
      const tagged = TAG.exec(line);
      if (!tagged) continue;
      const text = line.slice(tagged[0].length);
      if (tagged[1]) {
        const kind = tagged[1] === "email to" ? "email" : (tagged[1] as "cron" | "queue");
        this.addLine(this.jobRun(kind, tagged[2]!, false), level, text);
      } else {
        const entry = this.latestRequest(tagged[3]!, tagged[4]!);
        if (entry) this.addLine(entry, level, text);
      }
    }
  }

  private latestRequest(method: string, pathname: string): RequestEntry | undefined {
    for (let index = this.requests.length - 1; index >= 0; index--) {
      const entry = this.requests[index]!;
      if (entry.method === method && entry.path === pathname) return entry;
    }
    return undefined;
  }

  /**
   * The run a job's line or outcome belongs to: a cron's last run while it has no outcome yet, or
   * the last run of the job when it printed within SAME_RUN_MS; otherwise a new one. An outcome
   * never joins a finished run.
   */
  private jobRun(kind: JobRun["kind"], name: string, forOutcome: boolean): JobRun {
    let last: JobRun | undefined;
    for (let index = this.jobs.length - 1; index >= 0 && !last; index--) if (this.jobs[index]!.kind === kind && this.jobs[index]!.name === name) last = this.jobs[index];
    const recent = last !== undefined && Date.now() - Date.parse(last.output.at(-1)?.at ?? last.startedAt) < SAME_RUN_MS;
    // A queue batch or a message has no outcome here: its lines are grouped by time alone.
    const open = kind === "cron" && last?.outcome === null;
    if (last && (forOutcome ? open : open || recent)) return last;
    const run: JobRun = { id: this.nextId++, version: this.bump(), kind, name, startedAt: new Date().toISOString(), outcome: null, ran: [], errors: [], output: [] };
    push(this.jobs, run, this.limit);
    return run;
  }

  private addLine(target: RequestEntry | JobRun, level: Level, text: string): void {
    if (target.output.length < MAX_LINES) target.output.push({ at: new Date().toISOString(), level, text: text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text });
    if (level === "error" && "error" in target && !target.error) target.error = { message: text.split("\n")[0]!, at: this.placeIn(text) };
    target.version = this.bump();
  }

  /** The first place in the app's own source that `text` names, relative to the root. */
  private placeIn(text: string): SourcePlace | null {
    for (const [, file, line, column] of text.matchAll(PLACE)) {
      const absolute = path.resolve(this.root, file!.replace(/^file:\/\//, ""));
      const relative = path.relative(this.root, absolute).split(path.sep).join("/");
      if (relative.startsWith("..") || relative.includes("node_modules/") || relative.startsWith(".sdk/")) continue;
      return { file: relative, line: Number(line), column: Number(column) };
    }
    return null;
  }
}

function push<T>(list: T[], item: T, limit: number): void {
  list.push(item);
  if (list.length > limit) list.splice(0, list.length - limit);
}

const METHODS: Record<"log" | "info" | "debug" | "warn" | "error", Level> = { log: "log", info: "log", debug: "log", warn: "warn", error: "error" };

/** Patches this process's console once: a line printed inside a request is recorded too, then printed as before. */
export function recordConsole(activity: () => Activity | undefined): void {
  for (const [method, level] of Object.entries(METHODS) as [keyof typeof METHODS, Level][]) {
    const print = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      activity()?.printedHere(level, args);
      print(...args);
    };
  }
}
