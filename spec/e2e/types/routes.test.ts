/**
 * Typed routes per UI library, checked as users check them: each pages fixture with a file of
 * links, navigations, `useParams` and `sdk/client` calls (spec/fixtures/typed-routes/<library>)
 * passes the library's own checker after `sdk prepare` (`tsc` for React and Solid, vue-tsc,
 * svelte-check), where every right use compiles and every `@ts-expect-error` meets its error (an
 * unused directive is an error too). A misspelt `<Link href>` in the markup fails it at that file
 * and line. Without .sdk/types/pages.d.ts every path and params type is a string again: the only
 * errors left are the directives of the typed cases, now unused.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, installedApps, REPO_ROOT, runSdk, typeCheckersDir } from "../../helpers/sdk-cli.ts";

interface LibraryCase {
  library: string;
  fixture: string;
  checker: () => string[];
  /** vue-tsc and svelte-check run on TypeScript 6, so their apps sit in the type checkers' folder. */
  inTypeCheckers?: boolean;
  /** The file of typed uses, under spec/fixtures/typed-routes/<library>/. */
  file: string;
}

const tsc = () => [path.join(installedApps(), "node_modules", "typescript", "bin", "tsc"), "-p", ".", "--pretty", "false"];
const typeCheckerBin = (...segments: string[]) => path.join(typeCheckersDir(), "node_modules", ...segments);

const CASES: LibraryCase[] = [
  { library: "react", fixture: "e2e-pages", checker: tsc, file: "src/typed-routes.tsx" },
  { library: "solid", fixture: "e2e-pages-solid", checker: tsc, file: "src/typed-routes.tsx" },
  {
    library: "vue",
    fixture: "e2e-pages-vue",
    inTypeCheckers: true,
    checker: () => [typeCheckerBin("vue-tsc", "bin", "vue-tsc.js"), "-p", ".", "--noEmit", "--pretty", "false"],
    file: "src/TypedRoutes.vue",
  },
  {
    library: "svelte",
    fixture: "e2e-pages-svelte",
    inTypeCheckers: true,
    checker: () => [typeCheckerBin("svelte-check", "bin", "svelte-check"), "--tsconfig", "./tsconfig.json", "--output", "machine"],
    file: "src/TypedRoutes.svelte",
  },
];

const LINK = 'href="/about#team"';
const TYPO = 'href="/abuot#team"';

function check(app: string, libraryCase: LibraryCase): { code: number; output: string } {
  const [script, ...args] = libraryCase.checker();
  const result = spawnSync(process.execPath, [script!, ...args], { cwd: app, encoding: "utf8", timeout: 120_000 });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

/** The error lines of tsc's, vue-tsc's or svelte-check's machine output. */
function errorLines(output: string): string[] {
  return output.split("\n").filter((line) => /error TS\d+|^\d+ ERROR /.test(line));
}

for (const libraryCase of CASES) {
  test(`${libraryCase.library}: links, navigate, useParams and sdk/client are checked against the app's pages and routes`, () => {
    const app = copyFixture("fixtures", libraryCase.fixture, libraryCase.inTypeCheckers ? typeCheckersDir() : undefined);
    cpSync(path.join(REPO_ROOT, "spec", "fixtures", "typed-routes", libraryCase.library), app, { recursive: true });
    expectSuccess(runSdk(["prepare", "--root", app]), "sdk prepare");
    const pageTypes = path.join(app, ".sdk", "types", "pages.d.ts");
    assert.ok(existsSync(pageTypes), "sdk prepare writes .sdk/types/pages.d.ts");
    assert.match(readFileSync(pageTypes, "utf8"), `declare module "sdk/${libraryCase.library}"`);
    writeFileSync(path.join(app, "tsconfig.json"), '{ "extends": "./.sdk/tsconfig.json" }\n');

    const clean = check(app, libraryCase);
    assert.is(clean.code, 0, `${libraryCase.library}: every typed use should hold\n${clean.output}`);

    const file = path.join(app, libraryCase.file);
    const source = readFileSync(file, "utf8");
    assert.ok(source.includes(LINK), `${libraryCase.file} no longer links ${LINK}`);
    writeFileSync(file, source.replace(LINK, TYPO));
    const broken = check(app, libraryCase);
    assert.is.not(broken.code, 0, `${libraryCase.library}: a misspelt link should fail the check`);
    const line = source.split("\n").findIndex((text) => text.includes(LINK)) + 1;
    const typoErrors = errorLines(broken.output).filter((error) => error.includes(libraryCase.file));
    assert.is(typoErrors.length, 1, `${libraryCase.library}: one error, the typo's\n${broken.output}`);
    assert.match(typoErrors[0]!, new RegExp(`[ (]${line}[:,]`), `${libraryCase.library}: the error names line ${line}\n${broken.output}`);
    assert.match(typoErrors[0]!, /\/abuot#team/);

    rmSync(pageTypes);
    const untyped = check(app, libraryCase);
    const errors = errorLines(untyped.output);
    const unused = errors.filter((error) => error.includes("Unused '@ts-expect-error' directive"));
    assert.equal(errors, unused, `${libraryCase.library}: without prepare's page types, every path is a string\n${untyped.output}`);
    assert.ok(unused.length >= 5, `${libraryCase.library}: the typed cases' directives go unused\n${untyped.output}`);
  });
}

test.run();
