/**
 * Component packages that publish their source under an export condition (`solid`, `svelte`) are
 * compiled by the app's own compiler, as each library's Vite plugin arranges: the build resolves
 * that condition before `default`, on the server and in the browser. The test packages' `default`
 * builds name themselves, so a page that shows the source's text proves which one was bundled.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, runSdk } from "../helpers/sdk-cli.ts";
import { startBuilt, withServer } from "../helpers/e2e/targets.ts";

interface ConditionCase {
  library: string;
  fixture: string;
  condition: string;
  /** The package's files; `src/` is what the condition names. */
  files: Record<string, string>;
  page: { file: string; source: string };
}

const PRECOMPILED = 'export default function Widget() { throw new Error("the precompiled build was bundled"); }\n';

const CASES: ConditionCase[] = [
  {
    library: "solid",
    fixture: "e2e-pages-solid",
    condition: "solid",
    files: {
      "src/index.jsx": 'import { createSignal } from "solid-js";\nexport default function Widget() {\n  const [label] = createSignal("widget from source");\n  return <p id="widget">{label()}</p>;\n}\n',
      "dist/index.js": PRECOMPILED,
    },
    page: { file: "pages/widget.tsx", source: 'import Widget from "source-widget";\n\nexport default function Page() {\n  return <Widget />;\n}\n' },
  },
  {
    library: "svelte",
    fixture: "e2e-pages-svelte",
    condition: "svelte",
    files: {
      "src/index.js": 'export { default } from "./Widget.svelte";\n',
      "src/Widget.svelte": '<script>\n  let label = $state("widget from source");\n</script>\n\n<p id="widget">{label}</p>\n',
      "dist/index.js": PRECOMPILED,
    },
    page: { file: "pages/widget.svelte", source: '<script>\n  import Widget from "source-widget";\n</script>\n\n<Widget />\n' },
  },
];

function write(root: string, file: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

function addWidgetPackage(app: string, { condition, files }: ConditionCase): void {
  const dir = path.join(app, "node_modules", "source-widget");
  const entry = Object.keys(files).find((file) => file.startsWith("src/index"))!;
  const exportsField = { ".": { [condition]: `./${entry}`, default: "./dist/index.js" } };
  write(dir, "package.json", `${JSON.stringify({ name: "source-widget", version: "1.0.0", type: "module", exports: exportsField }, null, 2)}\n`);
  for (const [file, content] of Object.entries(files)) write(dir, file, content);
}

function clientAssets(app: string): string {
  const dir = path.join(app, "dist", "client", "assets");
  return readdirSync(dir).filter((file) => file.endsWith(".js")).map((file) => readFileSync(path.join(dir, file), "utf8")).join("\n");
}

for (const conditionCase of CASES) {
  test(`${conditionCase.library}: a package's "${conditionCase.condition}" export is compiled from source on both sides`, async () => {
    const app = copyFixture("fixtures", conditionCase.fixture);
    addWidgetPackage(app, conditionCase);
    write(app, conditionCase.page.file, conditionCase.page.source);
    expectSuccess(runSdk(["build", "--root", app, "--target", "node"]), "sdk build");

    const client = clientAssets(app);
    assert.ok(client.includes("widget from source"), `${conditionCase.library}: the browser bundle should hold the source build`);
    assert.not.ok(client.includes("precompiled build"), `${conditionCase.library}: the browser bundle holds the default build`);
    await withServer(() => startBuilt(app, "node"), async (server) => {
      const response = await fetch(`${server.url}/widget`, { headers: { accept: "text/html" } });
      const html = await response.text();
      assert.is(response.status, 200, `${conditionCase.library}: GET /widget\n${html}`);
      assert.match(html, /<p[^>]* id="widget"[^>]*>widget from source<\/p>/, html);
    });
  });
}

test.run();
