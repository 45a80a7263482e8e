import { test } from "uvu";
import * as assert from "uvu/assert";
import { cacheKey, isCacheableMethod } from "../runtime/isr/cache-key.ts";

const key = (url: string, allowlist: readonly string[] = []) => cacheKey(new URL(url, "https://app.example"), allowlist);

test("without an allowlist the key is the path alone", () => {
  assert.is(key("/blog/post?utm_source=x&page=2"), "/blog/post");
  assert.is(key("/"), "/");
});

test("only allowlisted parameters enter the key, sorted by name", () => {
  assert.is(key("/list?b=2&a=1&utm=x", ["a", "b"]), "/list?a=1&b=2");
  assert.is(key("/list?b=2&a=1&utm=x", ["a", "b"]), key("/list?a=1&b=2", ["a", "b"]));
  assert.is(key("/list?utm=x", ["a"]), "/list");
  assert.is(key("/list?", ["a"]), "/list");
});

test("repeated parameters are sorted by value too", () => {
  assert.is(key("/t?tag=b&tag=a", ["tag"]), "/t?tag=a&tag=b");
  assert.is(key("/t?tag=b&tag=a", ["tag"]), key("/t?tag=a&tag=b", ["tag"]));
});

test("distinct values give distinct keys; equal encodings give equal keys", () => {
  assert.is.not(key("/p?a=1", ["a"]), key("/p?a=2", ["a"]));
  assert.is(key("/p?a=x%20y", ["a"]), key("/p?a=x+y", ["a"]));
  assert.is(key("/p?a=%26b%3D1", ["a"]), "/p?a=%26b%3D1");
  assert.is.not(key("/p?a=%26b%3D1", ["a", "b"]), key("/p?a=&b=1", ["a", "b"]));
  assert.is(key("/p?a=", ["a"]), "/p?a=");
});

test("the path is kept as the URL parser normalised it", () => {
  assert.is(key("/caf%C3%A9?x=1"), "/caf%C3%A9");
  assert.is.not(key("/a"), key("/a/"));
});

test("only GET and HEAD are cacheable methods", () => {
  assert.ok(isCacheableMethod("GET"));
  assert.ok(isCacheableMethod("HEAD"));
  for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get"]) assert.not.ok(isCacheableMethod(method), method);
});

test.run();
