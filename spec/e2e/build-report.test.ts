/**
 * The build report end to end: the installed CLI builds a fixture app with pages for node and the
 * edge; report.json's totals are the sizes of the files in dist/ (source maps aside) and each
 * bundle's modules add up to its scripts; with --report, `.sdk/report/index.html`
 * (rollup-plugin-visualizer's treemap, installed as the optional peer it is) renders in Chromium
 * without a console error;
 * the summary names the largest modules and, on a second build, what changed since the first.
 * With UPDATE_SCREENSHOTS=1 the edge build's treemap is kept as docs/public/build-report.png.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ReportData } from "../../build/report/data.ts";
import type { Target } from "../../compiler/ir.ts";
import { closeBrowser, withContext } from "../helpers/e2e/browser.ts";
import { copyFixture, expectSuccess, REPO_ROOT, runSdk } from "../helpers/sdk-cli.ts";

test.after(closeBrowser);

function distFiles(dir: string): { file: string; bytes: number }[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile() && !file.endsWith(".map"))
    .map((file) => ({ file, bytes: statSync(file).size }));
}

for (const target of ["node", "edge"] as const satisfies readonly Target[]) {
  test(`${target}: report.json's totals are dist/'s files, the treemap renders, the summary names modules and growth`, async () => {
    const root = copyFixture("fixtures", "e2e-pages");
    const first = expectSuccess(runSdk(["build", "--target", target, "--report"], { cwd: root }), "sdk build --report");
    const report = JSON.parse(readFileSync(path.join(root, ".sdk", "report", "report.json"), "utf8")) as ReportData;

    const files = distFiles(path.join(root, "dist"));
    assert.is(report.target, target);
    assert.equal(report.totals.files, files.length);
    assert.is(report.totals.bytes, files.reduce((total, file) => total + file.bytes, 0));
    const reported = report.bundles.flatMap((bundle) => bundle.files.map((file) => [file.file, file.bytes] as const));
    assert.equal(new Map(reported), new Map(files.map((file) => [path.relative(root, file.file).split(path.sep).join("/"), file.bytes])));

    const [server, client] = report.bundles;
    assert.is(server!.name, "server");
    assert.is(client!.name, "client");
    assert.ok(server!.modules.some((module) => module.id === "routes/api/hello.ts"), "the server bundle lists the app's modules");
    assert.ok(client!.modules.some((module) => module.id === "pages/about.tsx"), "the client bundle lists the pages");
    for (const bundle of [server!, client!]) assertModulesFillTheirFiles(bundle);
    const about = client!.pages!.find((page) => page.page === "pages/about.tsx");
    assert.ok(about && about.files.length >= 2 && about.bytes > 0, "the about page loads the entry and its chunk");

    assert.match(first.stdout, /largest modules:\n(  .+\n){5}/);
    assert.match(first.stdout, "report: .sdk/report/index.html");
    assert.not.match(first.stdout, "since the last build");

    await withContext({}, async (context) => {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
      page.on("pageerror", (error) => problems.push(error.message));
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(pathToFileURL(path.join(root, ".sdk", "report", "index.html")).href);
      await page.waitForSelector("svg g rect");
      const labels = await page.$$eval("svg text", (texts) => texts.map((text) => text.textContent ?? ""));
      assert.ok(labels.some((label) => label.includes("index.mjs")), `the server bundle is drawn: ${labels.slice(0, 20).join(", ")}`);
      assert.ok(labels.some((label) => label.includes("assets/entry-")), "the client bundle is drawn");
      assert.equal(problems, []);
      if (target === "edge" && process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: path.join(REPO_ROOT, "docs", "public", "build-report.png") });
    });

    const second = expectSuccess(runSdk(["build", "--target", target], { cwd: root }), "sdk build again");
    assert.match(second.stdout, "since the last build: unchanged");
    assert.match(second.stdout, "report: .sdk/report/report.json (sdk build --report draws its treemap");
    assert.not.ok(existsSync(path.join(root, ".sdk", "report", "index.html")), "a build without --report leaves no treemap of an earlier build");
  });
}

/** A file's modules are rounded shares of it: together they miss its size by at most a byte each. */
function assertModulesFillTheirFiles(bundle: ReportData["bundles"][number]): void {
  for (const file of bundle.files) {
    const modules = bundle.modules.filter((module) => module.file === file.file);
    if (!modules.length) continue;
    const sum = modules.reduce((total, module) => total + module.bytes, 0);
    assert.ok(Math.abs(sum - file.bytes) <= modules.length, `${file.file}: modules ${sum} B, file ${file.bytes} B`);
  }
}

test.run();
