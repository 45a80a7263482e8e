import { test } from "uvu";
import * as assert from "uvu/assert";
import { importCircles, readSourceGraph } from "./helpers/source-graph.ts";

const graph = readSourceGraph();

test("the source has no import circles, type-only imports included", () => {
  assert.equal(importCircles(graph), []);
});

test("the circle check finds a circle of three and a file importing itself", () => {
  const circles = importCircles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["d"]], ["e", ["a"]]]));
  assert.equal(circles, [["a", "b", "c"], ["d"]]);
});

test("runtime/ imports nothing from the build side", () => {
  const upward = [...graph].flatMap(([file, edges]) => (file.startsWith("runtime/") ? edges.filter((edge) => !edge.startsWith("runtime/")).map((edge) => `${file} -> ${edge}`) : []));
  assert.equal(upward, []);
});

test.run();
