/** The contract's command set (item 7) is all there: each answers --help, and `sdk --help` lists them. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectSuccess, runSdk } from "../helpers/sdk-cli.ts";

const CONTRACT_COMMANDS = ["init", "prepare", "gen model", "db generate", "deploy", "migrate", "dev", "secret put", "account login", "project link"];
/** As `sdk --help` lists them: the contract's, plus build, preview, inspect and eject. */
const LISTED = ["init", "migrate", "dev", "build", "preview", "prepare", "inspect", "eject", "db", "gen", "account", "project", "deploy", "secret"];

test("every command the contract names answers --help", () => {
  for (const name of CONTRACT_COMMANDS) expectSuccess(runSdk([...name.split(" "), "--help"]), `sdk ${name} --help`);
});

test("sdk --help lists every command", () => {
  const { stdout } = expectSuccess(runSdk(["--help"]), "sdk --help");
  const listed = stdout.slice(stdout.indexOf("Commands:"));
  for (const name of LISTED) assert.match(listed, new RegExp(`^  ${name}( <| \\[|\\s{2})`, "m"), name);
});

test("an unknown command says so and points at --help", () => {
  const result = runSdk(["frobnicate"]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "Unknown command `frobnicate`. Run `sdk --help` for the commands.");
});

test.run();
