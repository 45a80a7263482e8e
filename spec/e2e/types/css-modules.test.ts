/**
 * CSS modules' types per UI library, checked as users check them: each CSS modules fixture, after
 * `sdk prepare`, passes its library's own checker (`tsc` for React and Solid, vue-tsc, and
 * svelte-check), and a misspelt class of the page's module fails it at that file and line, so
 * the per-module declarations reach templates too and the check cannot pass by a string index.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, installedApps, runSdk, typeCheckersDir } from "../../helpers/sdk-cli.ts";

interface LibraryCase {
  library: string;
  checker: () => string[];
  /** vue-tsc and svelte-check run on TypeScript 6, so their apps sit in the type checkers' folder. */
  inTypeCheckers?: boolean;
  page: string;
}

const tsc = () => [path.join(installedApps(), "node_modules", "typescript", "bin", "tsc"), "-p", ".", "--pretty", "false"];
const typeCheckerBin = (...segments: string[]) => path.join(typeCheckersDir(), "node_modules", ...segments);

const CASES: LibraryCase[] = [
  { library: "react", checker: tsc, page: "pages/index.tsx" },
  { library: "solid", checker: tsc, page: "pages/index.tsx" },
  { library: "vue", inTypeCheckers: true, checker: () => [typeCheckerBin("vue-tsc", "bin", "vue-tsc.js"), "-p", ".", "--noEmit", "--pretty", "false"], page: "pages/index.vue" },
  {
    library: "svelte",
    inTypeCheckers: true,
    checker: () => [typeCheckerBin("svelte-check", "bin", "svelte-check"), "--tsconfig", "./tsconfig.json", "--output", "machine"],
    page: "pages/index.svelte",
  },
];

function check(app: string, libraryCase: LibraryCase): { code: number; output: string } {
  const [script, ...args] = libraryCase.checker();
  const result = spawnSync(process.execPath, [script!, ...args], { cwd: app, encoding: "utf8", timeout: 120_000 });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

for (const libraryCase of CASES) {
  test(`${libraryCase.library}: a CSS module's classes are typed for the library's checker; a typo fails it`, () => {
    const app = copyFixture("fixtures", `e2e-css-modules-${libraryCase.library}`, libraryCase.inTypeCheckers ? typeCheckersDir() : undefined);
    const prepared = expectSuccess(runSdk(["prepare", "--root", app]), "sdk prepare");
    assert.match(prepared.stdout, ".sdk/css-modules/pages/card.module.d.css.ts");
    writeFileSync(path.join(app, "tsconfig.json"), '{ "extends": "./.sdk/tsconfig.json" }\n');

    const clean = check(app, libraryCase);
    assert.is(clean.code, 0, `${libraryCase.library}: the fixture should type-check cleanly\n${clean.output}`);

    const page = path.join(app, libraryCase.page);
    const source = readFileSync(page, "utf8");
    writeFileSync(page, source.replace("card.big", "card.bgi"));
    const broken = check(app, libraryCase);
    assert.is.not(broken.code, 0, `${libraryCase.library}: a misspelt class should fail the check`);
    const line = source.split("\n").findIndex((text) => text.includes("card.big")) + 1;
    assert.match(broken.output, new RegExp(`${libraryCase.page.replace(/[.[\]]/g, "\\$&")}.{0,3}[ (]${line}[:,]`), `${libraryCase.library}: the error names the page and line ${line}\n${broken.output}`);
    assert.match(broken.output, /Property 'bgi' does not exist/);
  });
}

test.run();
