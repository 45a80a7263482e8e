/**
 * Starts a built server as a child process and waits for its `Listening on` line, for tests that
 * run the real output in node, bun or deno. Servers are stopped as users stop them, with SIGTERM,
 * and awaited; a test process that dies first kills what it started.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export interface ServerExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  /** The process's id, to read what it uses from /proc. */
  readonly pid: number | undefined;
  /** Settles when the process exits, whoever stopped it. */
  readonly exited: Promise<ServerExit>;
  /** Sends a signal without waiting (e.g. SIGTERM to test graceful shutdown). */
  kill(signal?: NodeJS.Signals): void;
  /** Everything the process printed so far, stdout and stderr interleaved. */
  output(): string;
  /** SIGTERM, then waits for the exit; a server that does not exit in time is killed and fails the test. */
  stop(): Promise<ServerExit>;
}

export interface StartOptions {
  readonly cwd?: string;
  /** How long to wait for the `Listening on` line. */
  readonly timeoutMs?: number;
  /** The line that says the server is up, its first group the URL; `Listening on <url>` by default. */
  readonly listening?: RegExp;
}

/** How to start a server on a given port: `startOnFreePort` calls it once per port it tries. */
export interface Launch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly options?: StartOptions;
}

/** The server exited before its `Listening on` line; `output` is what it printed. */
class ExitedBeforeListening extends Error {
  constructor(message: string, readonly output: string) {
    super(message);
  }
}

const LISTENING = /Listening on (http:\/\/\S+)/;
const PORT_IN_USE = /EADDRINUSE|SDK_(?:DEV|PREVIEW)_PORT_IN_USE|address already in use/i;
const PORT_ATTEMPTS = 3;
const STOP_TIMEOUT_MS = 10_000;
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export function startServer(
  command: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  const exited = new Promise<ServerExit>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
    child.once("error", (error) => {
      output += `\n[spawn error] ${error.message}`;
      running.delete(child);
      resolve({ code: null, signal: null });
    });
  });

  const server = (url: URL): RunningServer => ({
    url: url.origin,
    port: Number(url.port),
    pid: child.pid,
    exited,
    kill: (signal = "SIGTERM") => void child.kill(signal),
    output: () => output,
    stop: () => stopGracefully(child, exited, `${command} ${args.join(" ")}`),
  });

  return new Promise<RunningServer>((resolve, reject) => {
    let settled = false;
    const fail = (reason: string, beforeListening = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGTERM");
      const message = `${command} ${args.join(" ")}: ${reason}\n--- output ---\n${output}`;
      reject(beforeListening ? new ExitedBeforeListening(message, output) : new Error(message));
    };
    const timer = setTimeout(() => fail(`no ${options.listening ?? "\"Listening on\""} line within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = (options.listening ?? LISTENING).exec(output);
      if (match === null || settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stdout?.on("data", (more: Buffer) => (output += more.toString()));
      resolve(server(reachable(new URL(match[1]!))));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(({ code, signal }) => fail(`exited (code ${code}, signal ${signal}) before listening`, true));
  });
}

async function stopGracefully(child: ChildProcess, exited: Promise<ServerExit>, what: string): Promise<ServerExit> {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), STOP_TIMEOUT_MS)));
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome !== "late") return outcome;
  child.kill("SIGKILL");
  await exited;
  throw new Error(`${what} did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM`);
}

/** What a start on a free port throws when that port was taken before it could bind: `onFreePort` tries another. */
export class PortTaken extends Error {}

/**
 * `start` on a port that was free a moment ago. Another test file's server (workerd binds
 * ephemeral ports of its own) may take that port before `start` binds it; when `start` throws
 * PortTaken, it runs again on another port.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, { pickPort = freePort }: { pickPort?: () => Promise<number> } = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await pickPort());
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

/** The server `launch(port)` describes, started on a free port (`onFreePort`): one that exits saying its port is in use is started again. */
export function startOnFreePort(launch: (port: number) => Launch, options: { pickPort?: () => Promise<number> } = {}): Promise<RunningServer> {
  return onFreePort(async (port) => {
    const { command, args, env, options: startOptions } = launch(port);
    try {
      return await startServer(command, args, env, startOptions);
    } catch (error) {
      if (error instanceof ExitedBeforeListening && PORT_IN_USE.test(error.output)) throw new PortTaken(error.message);
      throw error;
    }
  }, options);
}

/** A port that was free a moment ago, for the PORT variable. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A server bound to all interfaces is reached through loopback. */
function reachable(url: URL): URL {
  if (url.hostname === "0.0.0.0") url.hostname = "127.0.0.1";
  if (url.hostname === "[::]") url.hostname = "[::1]";
  return url;
}
