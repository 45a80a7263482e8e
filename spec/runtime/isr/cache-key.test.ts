import { test } from "uvu";
import * as assert from "uvu/assert";
import { cacheKey, isCacheableMethod } from "../../../runtime/isr/cache-key.ts";

const ORIGIN = "https://app.example";
const key = (url: string, allowlist: readonly string[] = []) => cacheKey(new URL(url, ORIGIN), allowlist);

test("without an allowlist the key is the origin and path alone", () => {
  assert.is(key("/blog/post?utm_source=x&page=2"), `${ORIGIN}/blog/post`);
  assert.is(key("/"), `${ORIGIN}/`);
});

test("only allowlisted parameters enter the key, sorted by name", () => {
  assert.is(key("/list?b=2&a=1&utm=x", ["a", "b"]), `${ORIGIN}/list?a=1&b=2`);
  assert.is(key("/list?b=2&a=1&utm=x", ["a", "b"]), key("/list?a=1&b=2", ["a", "b"]));
  assert.is(key("/list?utm=x", ["a"]), `${ORIGIN}/list`);
  assert.is(key("/list?", ["a"]), `${ORIGIN}/list`);
});

test("repeated parameters are sorted by value too", () => {
  assert.is(key("/t?tag=b&tag=a", ["tag"]), `${ORIGIN}/t?tag=a&tag=b`);
  assert.is(key("/t?tag=b&tag=a", ["tag"]), key("/t?tag=a&tag=b", ["tag"]));
});

test("distinct values give distinct keys; equal encodings give equal keys", () => {
  assert.is.not(key("/p?a=1", ["a"]), key("/p?a=2", ["a"]));
  assert.is(key("/p?a=x%20y", ["a"]), key("/p?a=x+y", ["a"]));
  assert.is(key("/p?a=%26b%3D1", ["a"]), `${ORIGIN}/p?a=%26b%3D1`);
  assert.is.not(key("/p?a=%26b%3D1", ["a", "b"]), key("/p?a=&b=1", ["a", "b"]));
  assert.is(key("/p?a=", ["a"]), `${ORIGIN}/p?a=`);
});

test("the path is kept as the URL parser normalised it", () => {
  assert.is(key("/caf%C3%A9?x=1"), `${ORIGIN}/caf%C3%A9`);
  assert.is.not(key("/a"), key("/a/"));
});

test("the origin is in the key: another Host, scheme or port is another entry; the host's case is not", () => {
  assert.is(cacheKey(new URL("http://evil.example/p"), []), "http://evil.example/p");
  assert.is.not(key("http://evil.example/p"), key("/p"));
  assert.is.not(key("http://app.example/p"), key("/p"));
  assert.is.not(key("https://app.example:8443/p"), key("/p"));
  assert.is(key("https://APP.example/p"), key("/p"));
  assert.is(key("https://app.example:443/p"), key("/p"));
});

test("only GET and HEAD are cacheable methods", () => {
  assert.ok(isCacheableMethod("GET"));
  assert.ok(isCacheableMethod("HEAD"));
  for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get"]) assert.not.ok(isCacheableMethod(method), method);
});

test.run();
