import { test } from "uvu";
import * as assert from "uvu/assert";
import { dataUrlFor, pageUrlForData } from "../../../runtime/pages/data-url.ts";

test("the data URL sits beside the page", () => {
  assert.is(dataUrlFor("/"), "/__data.json");
  assert.is(dataUrlFor("/blog/a"), "/blog/a/__data.json");
  assert.is(dataUrlFor("/blog/a/"), "/blog/a/__data.json");
});

test("the query is kept and a fragment dropped", () => {
  assert.is(dataUrlFor("/a?x=1"), "/a/__data.json?x=1");
  assert.is(dataUrlFor("/?x=1&y"), "/__data.json?x=1&y");
  assert.is(dataUrlFor("/a?x=1#top"), "/a/__data.json?x=1");
  assert.is(dataUrlFor("/a#top"), "/a/__data.json");
});

test("pageUrlForData is the inverse", () => {
  assert.is(pageUrlForData("/__data.json"), "/");
  assert.is(pageUrlForData("/blog/a/__data.json"), "/blog/a");
  assert.is(pageUrlForData("/a/__data.json?x=1"), "/a?x=1");
  for (const page of ["/", "/blog/a", "/a?x=1", "/docs/a/b"]) assert.is(pageUrlForData(dataUrlFor(page)), page);
});

test("pageUrlForData is null for anything else", () => {
  assert.is(pageUrlForData("/blog/a"), null);
  assert.is(pageUrlForData("/blog/a__data.json"), null);
  assert.is(pageUrlForData("/a?next=/__data.json"), null);
});

test.run();
