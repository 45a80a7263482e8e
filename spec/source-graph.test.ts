import { test } from "uvu";
import * as assert from "uvu/assert";
import { importCircles, readSourceGraph, upwardImports } from "./helpers/source-graph.ts";

const graph = readSourceGraph();

test("the source has no import circles, type-only imports included", () => {
  assert.equal(importCircles(graph), []);
});

test("the circle check finds a circle of three and a file importing itself", () => {
  const circles = importCircles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["d"]], ["e", ["a"]]]));
  assert.equal(circles, [["a", "b", "c"], ["d"]]);
});

test("every import points down the layers: cli over build over emitters and bundler over compiler over runtime", () => {
  assert.equal(upwardImports(graph), []);
});

test("the layer check names an import that points up, or across from emitters to the bundler", () => {
  const sample = new Map([
    ["compiler/a.ts", ["emitters/b.ts", "runtime/c.ts"]],
    ["emitters/b.ts", ["bundler/d.ts", "compiler/a.ts"]],
    ["runtime/c.ts", []],
  ]);
  assert.equal(upwardImports(sample), ["compiler/a.ts -> emitters/b.ts", "emitters/b.ts -> bundler/d.ts"]);
});

test.run();
