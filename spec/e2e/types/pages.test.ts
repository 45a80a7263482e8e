/**
 * `InferProps<typeof loader>` per UI library, checked as users check it: each library's pages
 * fixture, after `sdk prepare`, passes that library's own type checker (`tsc` for React and Solid,
 * vue-tsc for `<script setup lang="ts">`, svelte-check for `$props()`), and one misuse of the
 * loader's props in a template fails it at that file and line. Props typed `any` would pass both
 * runs' first half and fail the second, so the check cannot pass by accident.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, installedApps, runSdk, typeCheckersDir } from "../../helpers/sdk-cli.ts";

interface LibraryCase {
  library: string;
  fixture: string;
  /** The checker's script and arguments. */
  checker: () => string[];
  /** vue-tsc and svelte-check run on TypeScript 6, so their apps sit in the type checkers' folder. */
  inTypeCheckers?: boolean;
  page: string;
  /** The guestbook renders each `entry` (a string); `entry.toFixed(2)` only type-checks as `any`. */
  entry: string;
  misuse: string;
}

const tsc = () => [path.join(installedApps(), "node_modules", "typescript", "bin", "tsc"), "-p", ".", "--pretty", "false"];
const typeCheckerBin = (...segments: string[]) => path.join(typeCheckersDir(), "node_modules", ...segments);

const CASES: LibraryCase[] = [
  { library: "react", fixture: "e2e-pages", checker: tsc, page: "pages/guestbook.tsx", entry: "<li key={i}>{entry}</li>", misuse: "<li key={i}>{entry.toFixed(2)}</li>" },
  { library: "solid", fixture: "e2e-pages-solid", checker: tsc, page: "pages/guestbook.tsx", entry: "<li>{entry}</li>", misuse: "<li>{entry.toFixed(2)}</li>" },
  {
    library: "vue",
    fixture: "e2e-pages-vue",
    inTypeCheckers: true,
    checker: () => [typeCheckerBin("vue-tsc", "bin", "vue-tsc.js"), "-p", ".", "--noEmit", "--pretty", "false"],
    page: "pages/guestbook.vue",
    entry: "{{ entry }}",
    misuse: "{{ entry.toFixed(2) }}",
  },
  {
    library: "svelte",
    fixture: "e2e-pages-svelte",
    inTypeCheckers: true,
    checker: () => [typeCheckerBin("svelte-check", "bin", "svelte-check"), "--tsconfig", "./tsconfig.json", "--output", "machine"],
    page: "pages/guestbook.svelte",
    entry: "<li>{entry}</li>",
    misuse: "<li>{entry.toFixed(2)}</li>",
  },
];

function check(app: string, libraryCase: LibraryCase): { code: number; output: string } {
  const [script, ...args] = libraryCase.checker();
  const result = spawnSync(process.execPath, [script!, ...args], { cwd: app, encoding: "utf8", timeout: 120_000 });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

function lineOf(file: string, text: string): number {
  return readFileSync(file, "utf8").split("\n").findIndex((line) => line.includes(text)) + 1;
}

for (const libraryCase of CASES) {
  test(`${libraryCase.library}: InferProps types the page's props for its own type checker`, () => {
    const app = copyFixture("fixtures", libraryCase.fixture, libraryCase.inTypeCheckers ? typeCheckersDir() : undefined);
    const prepared = expectSuccess(runSdk(["prepare", "--root", app]), "sdk prepare");
    writeFileSync(path.join(app, "tsconfig.json"), '{ "extends": "./.sdk/tsconfig.json" }\n');

    const clean = check(app, libraryCase);
    assert.is(clean.code, 0, `${libraryCase.library}: the fixture should type-check cleanly\n${clean.output}`);

    const page = path.join(app, libraryCase.page);
    const source = readFileSync(page, "utf8");
    assert.ok(source.includes(libraryCase.entry), `${libraryCase.library}: ${libraryCase.page} no longer renders ${libraryCase.entry}`);
    writeFileSync(page, source.replace(libraryCase.entry, libraryCase.misuse));
    const broken = check(app, libraryCase);
    assert.is.not(broken.code, 0, `${libraryCase.library}: a string used as a number should fail the check`);
    const line = lineOf(page, libraryCase.misuse);
    assert.match(broken.output, new RegExp(`${libraryCase.page.replace(/[.[\]]/g, "\\$&")}.{0,3}[ (]${line}[:,]`), `${libraryCase.library}: the error names the page and line ${line}\n${broken.output}`);
    assert.match(broken.output, /Property 'toFixed' does not exist on type 'string'/);
    assert.match(prepared.stdout, new RegExp(libraryCase.library === "vue" ? "npx vue-tsc --noEmit" : libraryCase.library === "svelte" ? "npx svelte-check" : "npx tsc --noEmit"));
  });
}

test.run();
