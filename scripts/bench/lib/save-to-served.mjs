// Figure 9's save loop: a route file rewritten with a new value, then the route requested back to
// back over one kept-alive connection until an answer carries that value, as a developer's next
// request after a save would.
import { writeFileSync } from "node:fs";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

/** A save still not served by then is lost, not slow. */
const SERVED_WITHIN_MS = 15_000;
/**
 * The dev server's work for a save (reading the app again) may outlast the first answer that
 * carries it, and a save may raise two file events (truncate, then write). The next save waits
 * this many times as long as the last one took, and at least MIN_GAP_MS, so it is measured alone.
 */
const GAP_FACTOR = 3;
const MIN_GAP_MS = 500;

function get(url, agent) {
  return new Promise((resolve, reject) => {
    http.get(url, { agent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve(body));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/**
 * Milliseconds from writing `edit.source(value)` to the end of the first answer that carries
 * `value`. Each save opens its own connection with a first request before the write: a connection
 * kept idle across the pause between saves could meet the server closing it (ECONNRESET).
 */
async function saveToServed(url, edit, value) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await get(url, agent);
    const started = performance.now();
    writeFileSync(edit.file, edit.source(value));
    while (performance.now() - started < SERVED_WITHIN_MS) {
      if ((await get(url, agent)).includes(`"${value}"`)) return performance.now() - started;
    }
    throw new Error(`${url} still did not answer "${value}" ${SERVED_WITHIN_MS} ms after ${edit.file} was saved`);
  } finally {
    agent.destroy();
  }
}

/**
 * `edit` is `{ file, urlPath, source(value) }`: the route file, the path that reaches it and its
 * text answering `value`. The first save is not measured: it is the first the process handles.
 * Resolves with the milliseconds of `saves` measured saves.
 */
export async function measureSaves(origin, edit, saves) {
  const samples = [];
  for (let save = 0; save <= saves; save++) {
    const ms = await saveToServed(origin + edit.urlPath, edit, `save ${save}`);
    if (save > 0) samples.push(ms);
    await sleep(Math.max(MIN_GAP_MS, GAP_FACTOR * ms));
  }
  return samples;
}
