import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { stampBuildId } from "../../bundler/build-id.ts";
import { scratchDir } from "../helpers/scratch.ts";

const PLACEHOLDER = "__SDK_BUILD_ID__";

function bundle(dir: string, chunk: string): string[] {
  mkdirSync(path.join(dir, "chunks"), { recursive: true });
  const files = [path.join(dir, "index.mjs"), path.join(dir, "chunks", "isr.mjs")];
  writeFileSync(files[0]!, `import "./chunks/isr.mjs";\nconsole.log("${chunk}");\n`);
  writeFileSync(files[1]!, `export const BUILD_ID = "${PLACEHOLDER}";\n`);
  return files;
}

const stamped = (file: string) => /BUILD_ID = "([^"]*)"/.exec(readFileSync(file, "utf8"))![1]!;

test("the placeholder becomes a hash of the bundle, of its length; the same bundle elsewhere gets the same one, a changed bundle another", async () => {
  const [a, b, c] = [scratchDir("build-id"), scratchDir("build-id"), scratchDir("build-id")];
  const filesA = bundle(a, "one");
  const filesB = bundle(b, "one");
  const filesC = bundle(c, "two");
  await Promise.all([stampBuildId(a, filesA), stampBuildId(b, filesB), stampBuildId(c, filesC)]);
  const id = stamped(filesA[1]!);
  assert.match(id, /^[0-9a-f]{16}$/);
  assert.is(id.length, PLACEHOLDER.length);
  assert.is(stamped(filesB[1]!), id);
  assert.is.not(stamped(filesC[1]!), id);
  assert.is(readFileSync(filesA[0]!, "utf8"), `import "./chunks/isr.mjs";\nconsole.log("one");\n`);
});

test.run();
