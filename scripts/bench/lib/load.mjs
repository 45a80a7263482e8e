// One bounded autocannon run against a URL on loopback, reduced to its mean requests per second.
import autocannon from "autocannon";

export async function requestsPerSecond(url, { seconds, connections }) {
  const result = await autocannon({ url, duration: seconds, connections, pipelining: 1 });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests of ${result.requests.total}`);
  return result.requests.average;
}

/** A short unmeasured run so every server is past its JIT warm-up before the measured runs. */
export async function warmUp(url, options) {
  await autocannon({ url, duration: options.warmupSeconds, connections: options.connections });
}
