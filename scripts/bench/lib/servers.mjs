// Starting a server in a child process on a free loopback port, waiting until it answers 200,
// and stopping it (SIGTERM, awaited; SIGKILL only if it is still there after a few seconds). Each
// server gets its own process group, so stopping it also ends what it spawned (Miniflare's
// workerd); every group still running is killed if the benchmark exits early.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export const HOST = "127.0.0.1";
const children = new Set();
process.on("exit", () => {
  for (const child of children) killGroup(child);
});

const STOP_GRACE_MS = 5_000;

function killGroup(child, signal = "SIGKILL") {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `url` every `everyMs` until it answers 200; resolves with the time that took. */
export async function waitFor200(url, { everyMs = 3, timeoutMs = 30_000, exited } = {}) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (exited?.done) throw new Error(`server exited (${exited.code}) before answering ${url}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await sleep(everyMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Resolves when the child has printed text matching `pattern` to stdout; rejects if it exits first. */
function printed(child, pattern, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk) => {
      text += chunk;
      if (pattern.test(text)) settle();
    };
    const onExit = (code) => settle(new Error(`server exited (${code}) before printing ${pattern}`));
    const timer = setTimeout(() => settle(new Error(`nothing matching ${pattern} printed within ${timeoutMs} ms`)), timeoutMs);
    function settle(error) {
      clearTimeout(timer);
      child.stdout.off("data", onData);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve();
    }
    child.stdout.on("data", onData);
    child.once("exit", onExit);
  });
}

/**
 * Spawns `command args` with PORT and HOST set and waits until it is ready: until `readyPath`
 * answers 200, or, with `readyOutput`, until its stdout matches that pattern. `args` may be a
 * function of the port, for a command that takes it as a flag.
 * Resolves with `{ origin, pid, readyMs, stop(), output() }`; readyMs counts from just before spawn;
 * `pid` is also the id of the server's process group.
 */
export async function startServer(options) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

/**
 * A port free when probed may be taken before the server binds it: the server's own children
 * (Miniflare's workerd) bind ephemeral ports too. The server then exits saying the port is in use.
 */
class PortTaken extends Error {}
const PORT_ATTEMPTS = 3;
const PORT_IN_USE = /EADDRINUSE|SDK_DEV_PORT_IN_USE|address already in use/i;

async function startOnFreePort({ command, args, cwd, env = {}, readyPath, readyOutput, pollEveryMs }) {
  const port = await freePort();
  const commandArgs = typeof args === "function" ? args(port) : args;
  const started = performance.now();
  const child = spawn(command, commandArgs, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = { done: false, code: null };
  const gone = new Promise((resolve) => child.once("exit", (code) => {
    Object.assign(exited, { done: true, code });
    children.delete(child);
    resolve();
  }));
  const origin = `http://${HOST}:${port}`;
  try {
    await (readyOutput ? printed(child, readyOutput) : waitFor200(origin + readyPath, { everyMs: pollEveryMs, exited }));
  } catch (cause) {
    killGroup(child);
    await gone;
    const Failure = exited.done && PORT_IN_USE.test(output) ? PortTaken : Error;
    throw new Failure(`${command} ${commandArgs.join(" ")}: ${cause.message}\n${output}`);
  }
  return {
    origin,
    pid: child.pid,
    readyMs: performance.now() - started,
    output: () => output,
    stop: async () => {
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child), STOP_GRACE_MS);
      await gone;
      clearTimeout(timer);
      // What the server spawned into its group (workerd) goes with it.
      killGroup(child);
    },
  };
}

export function stopAll(servers) {
  return Promise.all(servers.map((server) => server.stop()));
}

/** Starts every server at once; if one fails, stops the others and throws its error. */
export async function startAll(specs) {
  const started = await Promise.allSettled(specs.map(startServer));
  const servers = started.filter((result) => result.status === "fulfilled").map((result) => result.value);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll(servers);
    throw failed.reason;
  }
  return servers;
}

/**
 * Starts one server per candidate (`specOf(candidate)` gives its startServer spec) and gives each
 * candidate its server's `origin` and `pid`; resolves with the servers, for stopAll.
 */
export async function startCandidates(candidates, specOf) {
  const servers = await startAll(candidates.map(specOf));
  candidates.forEach((candidate, index) => Object.assign(candidate, { origin: servers[index].origin, pid: servers[index].pid }));
  return servers;
}
