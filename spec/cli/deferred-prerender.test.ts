/** The build's and the deploy's lines about paths left to the running app: when each target renders them, and what each read. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { deferredPrerenderLines } from "../../cli/deferred-prerender.ts";

const who = { path: "/who", withData: true, source: "pages/who.tsx", reads: ["API_KEY", "DB"] };

test("nothing deferred, nothing printed", () => {
  assert.equal(deferredPrerenderLines([], "edge"), []);
});

test("edge: rendered by sdk deploy before traffic; servers: at the first request; each path names its source and reads", () => {
  process.env.NO_COLOR = "1";
  const [edgeHeading, line] = deferredPrerenderLines([who], "edge");
  assert.match(edgeHeading!, "by sdk deploy on the uploaded version, before it gets traffic");
  assert.match(line!, "/who (pages/who.tsx reads API_KEY, DB)");
  assert.match(deferredPrerenderLines([who], "bun")[0]!, "by the server at each path's first request");
});

test.run();
