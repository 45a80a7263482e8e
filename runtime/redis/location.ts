/**
 * Where the shared Redis server is, from `SDK_REDIS_URL`. Checked when the server starts, so a
 * mistyped URL stops it with a message instead of leaving each instance on its own cache and crons.
 * Only `host:port` is ever printed: the URL may carry a password.
 */

export interface RedisLocation {
  /** The URL as given, for the client; never logged. */
  readonly url: string;
  /** `host:port`, safe to log. */
  readonly address: string;
}

const EXPECTED_SHAPE = "redis://[[user]:password@]host[:port][/db] or rediss://... for TLS";

/** The location, or a message saying what is wrong and the expected shape. */
export function parseRedisUrl(raw: string): RedisLocation | string {
  const problem = (what: string) => `SDK_REDIS_URL ${what}; expected ${EXPECTED_SHAPE}.`;
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(raw)) return problem("does not start with redis:// or rediss://");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return problem("is not a valid URL (a port from 0 to 65535; a password percent-encoded)");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") return problem(`has the scheme "${url.protocol}"`);
  if (url.hostname === "") return problem("names no host");
  if (url.pathname !== "" && url.pathname !== "/" && !/^\/\d+$/.test(url.pathname)) {
    return problem(`has the path "${url.pathname}", which is not a database number`);
  }
  if (url.search !== "" || url.hash !== "") return problem("has a query or fragment, which the client would ignore");
  const port = url.port === "" ? "6379" : url.port;
  return { url: raw, address: `${url.hostname}:${port}` };
}
