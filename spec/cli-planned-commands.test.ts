/** The contract's commands this version does not have yet: `sdk` knows them and says so. */
import { readdirSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PLANNED_COMMANDS } from "../cli/planned-commands.ts";
import { expectSuccess, runSdk } from "./helpers/sdk-cli.ts";
import { scratchDir } from "./helpers/scratch.ts";

const AVAILABLE = ["init", "migrate", "dev", "build", "preview", "prepare", "inspect", "eject", "db", "gen"];
/** Item 7 of the contract and the design's database commands, less those this version has. */
const CONTRACT_COMMANDS = ["deploy", "secret put", "account login", "project link"];

const nonEmptyLines = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== "");

/** In an empty folder, which must stay empty: a planned command does nothing. */
function runPlanned(args: string[]) {
  const cwd = scratchDir("planned");
  const result = runSdk(args, { cwd });
  assert.equal(readdirSync(cwd), [], `${args.join(" ")} wrote into the folder`);
  return result;
}

test("the planned list is the contract's commands that this version does not have", () => {
  assert.equal(PLANNED_COMMANDS.map((command) => command.name), CONTRACT_COMMANDS);
  for (const command of PLANNED_COMMANDS) assert.not.ok(AVAILABLE.includes(command.name.split(" ")[0]), command.name);
});

for (const name of CONTRACT_COMMANDS) {
  test(`sdk ${name} is refused in one coded line naming what exists, exit 1`, () => {
    const result = runPlanned(name.split(" "));
    assert.is(result.code, 1, result.stderr);
    assert.is(result.stdout, "");
    const lines = nonEmptyLines(result.stderr);
    assert.is(lines.length, 1, result.stderr);
    assert.ok(lines[0].startsWith(`error SDK_COMMAND_UNAVAILABLE: \`sdk ${name}\` is not available in this version yet.`), lines[0]);
    assert.match(lines[0], "Hint: this version has sdk init, migrate, dev, build, preview, prepare, inspect, eject, db and gen");
  });
}

test("arguments and options after a planned command do not change the answer", () => {
  for (const args of [["secret", "put", "API_KEY"], ["deploy", "--atomic", "--require-email"], ["project", "link", "my-app"], ["--root", ".", "deploy"]]) {
    const result = runPlanned(args);
    assert.is(result.code, 1, args.join(" "));
    assert.match(result.stderr, "error SDK_COMMAND_UNAVAILABLE:", args.join(" "));
  }
});

test("the first word of planned commands alone is refused the same way", () => {
  for (const word of ["secret", "account", "project"]) {
    const result = runPlanned([word]);
    assert.is(result.code, 1, word);
    assert.match(result.stderr, `\`sdk ${word}\` is not available in this version yet.`);
  }
});

test("--json reports a planned command as data", () => {
  const result = runPlanned(["secret", "put", "--json"]);
  assert.is(result.code, 1);
  const report = JSON.parse(result.stdout) as { ok: boolean; diagnostics: { code: string; severity: string; message: string }[] };
  assert.is(report.ok, false);
  assert.equal(report.diagnostics.map((d) => [d.code, d.severity, d.message]), [
    ["SDK_COMMAND_UNAVAILABLE", "error", "`sdk secret put` is not available in this version yet."],
  ]);
  assert.is(result.stderr, "");
});

test("a command that is not planned either is still unknown", () => {
  const result = runPlanned(["frobnicate"]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "Unknown command `frobnicate`");
});

test("--help lists the planned commands in their own section, after the commands this version has", () => {
  const { stdout } = expectSuccess(runSdk(["--help"]), "sdk --help");
  const commands = stdout.indexOf("Commands:");
  const planned = stdout.indexOf("Coming in a later version:");
  assert.ok(commands >= 0 && planned > commands, stdout);
  const section = stdout.slice(planned).split("\n\n")[0].split("\n").slice(1);
  assert.equal(section.map((line) => line.trim().split(/\s{2,}/)[0]), CONTRACT_COMMANDS);
  for (const name of AVAILABLE) assert.match(stdout.slice(commands, planned), new RegExp(`^  ${name}( <| \\[|\\s{2})`, "m"), name);
});

test("a command's own --help shows no planned section", () => {
  const { stdout } = expectSuccess(runSdk(["build", "--help"]), "sdk build --help");
  assert.not.match(stdout, "Coming in a later version");
});

test.run();
