/**
 * How Solid components compile (compiler/ui/solid.ts through the shared UI Rollup plugins):
 * Babel with babel-preset-solid owns JSX, hydratable on both sides, with the server's string
 * renderer and the browser's DOM code; esbuild never compiles JSX the React way.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { rolldown, type Plugin } from "rolldown";
import { hasUiLibrary, uiLibrary } from "../../../compiler/ui/libraries.ts";
import type { UiSide } from "../../../compiler/ui/library.ts";
import { uiRolldownSettings } from "../../../compiler/ui/rolldown-settings.ts";
import { solid } from "../../../compiler/ui/solid.ts";

const COMPONENT = `
import { createSignal } from "solid-js";
import type { JSX } from "solid-js";

interface Props { title: string; children?: JSX.Element }

export default function Counter(props: Props) {
  const [count, setCount] = createSignal<number>(0);
  return (
    <section>
      <h1>{props.title}</h1>
      <button onClick={() => setCount(count() + 1)}>{count()}</button>
      {props.children}
      <small>{process.env.NODE_ENV}</small>
    </section>
  );
}
`;

/** Modules by id, served as the files an app's build would read. */
function files(modules: Record<string, string>): Plugin {
  return {
    name: "files",
    resolveId: (id) => (id in modules ? id : null),
    load: (id) => modules[id] ?? null,
  };
}

async function compile(modules: Record<string, string>, side: UiSide, mode: "production" | "development" = "production"): Promise<string> {
  const ui = await uiRolldownSettings(solid, { mode, side, root: "/app" });
  const bundle = await rolldown({
    input: Object.keys(modules)[0],
    external: (id) => id.startsWith("solid-js"),
    onLog: () => {},
    plugins: [files(modules), ...ui.plugins],
    tsconfig: false,
    transform: { target: "es2022", ...ui.transform },
  });
  const { output } = await bundle.generate({ format: "es" });
  await bundle.close();
  return output[0].code;
}

const page = { "/app/pages/counter.tsx": COMPONENT };

/** The names a module imports from solid-js/web. */
function webImports(code: string): string[] {
  const list = /import \{([^}]*)\} from ["']solid-js\/web["']/.exec(code)?.[1] ?? "";
  return list.split(",").map((name) => name.trim().split(/\s+as\s+/)[0]!).filter(Boolean).sort();
}

test("solid is registered for .tsx and .jsx pages, with one solid-js per bundle", () => {
  assert.ok(hasUiLibrary("solid"));
  assert.is(uiLibrary("solid"), solid);
  assert.equal(solid.pageExtensions, [".tsx", ".jsx"]);
  assert.equal(solid.dedupe, ["solid-js"]);
  assert.equal(solid.adapters, {
    server: { module: "sdk/runtime/ui/solid/server", export: "solidServerAdapter" },
    client: { module: "sdk/runtime/ui/solid/client", export: "solidClientAdapter" },
  });
  assert.is(solid.markdownComponent, "sdk/runtime/ui/solid/markdown");
});

test("the server gets Solid's string renderer, with hydration keys", async () => {
  const code = await compile(page, "server");
  const imports = webImports(code);
  for (const name of ["ssr", "ssrHydrationKey", "escape"]) assert.ok(imports.includes(name), `imports ${name}: ${imports}`);
  assert.not.ok(imports.includes("template"), "no DOM code on the server");
});

test("the browser gets Solid's DOM code that attaches to the server's HTML", async () => {
  const code = await compile(page, "client");
  const imports = webImports(code);
  for (const name of ["template", "getNextElement", "insert", "delegateEvents"]) assert.ok(imports.includes(name), `imports ${name}: ${imports}`);
  assert.not.ok(imports.includes("ssr"), "no string rendering in the browser");
});

test("types are stripped, no React JSX is emitted, and NODE_ENV is fixed per mode", async () => {
  for (const side of ["server", "client"] as const) {
    const code = await compile(page, side);
    assert.not.match(code, /react|jsx\(|createElement\(/i);
    assert.not.match(code, /interface Props|<number>/);
    assert.match(code, "production");
    assert.not.match(code, "process.env.NODE_ENV");
  }
  assert.match(await compile(page, "client", "development"), "development");
});

test("JSX anywhere is Solid's, a package's .jsx in node_modules included; other modules are left to Rolldown's transform", async () => {
  const code = await compile(
    {
      "/app/pages/uses-lib.tsx": 'import { Badge } from "/app/node_modules/solid-badge/index.jsx";\nimport { label } from "/app/lib/label.ts";\nexport default () => <Badge text={label} />;',
      "/app/node_modules/solid-badge/index.jsx": "export const Badge = (props) => <b class=\"badge\">{props.text}</b>;",
      "/app/lib/label.ts": 'export const label: string = "new";',
    },
    "client",
  );
  assert.match(code, "template(`<b class=badge>`)");
  assert.match(code, '"new"');
  assert.not.match(code, ": string", "TypeScript is compiled away");
});

test.run();
