/** "Open in editor" opens files of the app only: no `..`, no absolute path, no link out, no folder. */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fileInRoot, openInEditor } from "../../../../cli/dev/dashboard/open-in-editor.ts";
import { scratchDir } from "../../../helpers/scratch.ts";

const parent = scratchDir("open-in-editor");
const root = path.join(parent, "app");
mkdirSync(path.join(root, "routes"), { recursive: true });
writeFileSync(path.join(root, "routes", "a.ts"), "export {};\n");
symlinkSync(os.tmpdir(), path.join(root, "link-out"));
symlinkSync(path.join(root, "routes", "a.ts"), path.join(root, "link-in.ts"));
writeFileSync(path.join(parent, "app-sibling.ts"), "");

test("a file of the app, through a link that stays inside too", () => {
  assert.equal(fileInRoot(root, "routes/a.ts"), { absolute: path.join(root, "routes", "a.ts"), relative: "routes/a.ts" });
  assert.equal(fileInRoot(root, "routes/../routes/a.ts"), { absolute: path.join(root, "routes", "a.ts"), relative: "routes/a.ts" });
  assert.is((fileInRoot(root, "link-in.ts") as { relative: string }).relative, "routes/a.ts");
});

test("outside the root, absolute, a folder, missing or not a name: refused", () => {
  for (const file of ["../x.ts", "../app-sibling.ts", "routes/../../x.ts", "/etc/passwd", path.join(root, "routes", "a.ts"), "C:/x.ts", "link-out", "link-out/anything", "routes", ".", "", "missing.ts", "a\0b", 42, null]) {
    assert.ok("error" in fileInRoot(root, file), String(file));
  }
});

test("with no editor to start, the answer says how to name one; nothing outside is ever started", async () => {
  const saved = { LAUNCH_EDITOR: process.env.LAUNCH_EDITOR, VISUAL: process.env.VISUAL, EDITOR: process.env.EDITOR };
  delete process.env.LAUNCH_EDITOR;
  delete process.env.VISUAL;
  delete process.env.EDITOR;
  try {
    const none = await openInEditor(root, { file: "routes/a.ts" });
    assert.equal(none, { status: 501, error: "no editor to open it with: set EDITOR (e.g. EDITOR=code) before sdk dev, or install launch-editor" });
    process.env.EDITOR = "/nonexistent/editor";
    assert.is((await openInEditor(root, { file: "../x.ts" }) as { status: number }).status, 400);
    assert.match((await openInEditor(root, { file: "routes/a.ts" }) as { error: string }).error, "did not start");
  } finally {
    for (const [name, value] of Object.entries(saved)) value === undefined ? delete process.env[name] : (process.env[name] = value);
  }
});

test.run();
