import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseRedisUrl } from "../../../runtime/redis/location.ts";

test("redis:// and rediss:// URLs give host:port to log, the default port 6379, and never the password", () => {
  assert.equal(parseRedisUrl("redis://127.0.0.1:6379"), { url: "redis://127.0.0.1:6379", address: "127.0.0.1:6379" });
  assert.equal(parseRedisUrl("rediss://:sekrit@cache.internal/2"), { url: "rediss://:sekrit@cache.internal/2", address: "cache.internal:6379" });
  assert.equal(parseRedisUrl("redis://user:sekrit@[::1]:6380/"), { url: "redis://user:sekrit@[::1]:6380/", address: "[::1]:6380" });
});

test("a malformed SDK_REDIS_URL is refused with what is wrong and the expected shape", () => {
  const shape = "expected redis://[[user]:password@]host[:port][/db] or rediss://... for TLS.";
  const cases: Record<string, string> = {
    "127.0.0.1:6379": "does not start with redis:// or rediss://",
    "localhost:6379": "does not start with redis:// or rediss://",
    "http://cache:6379": 'has the scheme "http:"',
    "redis://": "names no host",
    "redis://cache/db1": 'has the path "/db1", which is not a database number',
    "redis://cache?timeout=1": "has a query or fragment, which the client would ignore",
    "redis://cache:99999": "is not a valid URL (a port from 0 to 65535; a password percent-encoded)",
  };
  for (const [raw, problem] of Object.entries(cases)) {
    const result = parseRedisUrl(raw);
    assert.type(result, "string", raw);
    assert.is(result, `SDK_REDIS_URL ${problem}; ${shape}`, raw);
    assert.not.ok((result as string).includes("sekrit"));
  }
});

test.run();
