import { test } from "uvu";
import * as assert from "uvu/assert";
import { configError, error, formatDiagnostic, formatLocation } from "../../../compiler/diagnostics.ts";
import { closest, enumHint, typeHint, unknownFieldHint } from "../../../compiler/config/hints.ts";
import { validateConfig } from "../../../compiler/config/validate.ts";

const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

/** The suggestion of a `Did you mean X?` hint, as written (JSON), or null. */
function suggestionOf(hint: string | undefined): string | null {
  return /Did you mean (.+)\?/.exec(hint ?? "")?.[1] ?? null;
}

function assertNotOfferedBack(hint: string | undefined, given: unknown): void {
  const suggestion = suggestionOf(hint);
  if (suggestion === null) return;
  assert.is.not(suggestion, JSON.stringify(given), `hint offers back ${JSON.stringify(given)}: ${hint}`);
  assert.is.not(suggestion, JSON.stringify(String(given)), `hint offers back ${JSON.stringify(given)}: ${hint}`);
}

test("a config error is said of its path; the whole config when the path is empty", () => {
  const d = configError("SDK_CONFIG_INVALID", "worker.limits.cpu_ms", "must be an integer from 1 to 300000, got 0", { file: "sdk.config.ts", line: 5, column: 23 });
  assert.is(d.message, "worker.limits.cpu_ms must be an integer from 1 to 300000, got 0");
  assert.is(d.configPath, "worker.limits.cpu_ms");
  const root = configError("SDK_CONFIG_INVALID", "", "must be an object, got an array", { file: "sdk.config.ts" });
  assert.is(root.message, "the config must be an object, got an array");
  assert.not.ok("configPath" in root);
});

test("text form: file:line:column, then the config path as the subject of the message", () => {
  const d = configError("SDK_CONFIG_INVALID", 'routing.redirects["/a"].status', 'must be one of 301, 302, 303, 307, 308, got "301"', {
    file: "sdk.config.ts", line: 6, column: 37, hint: 'Use the number 301, not the string "301".',
  });
  assert.is(
    formatDiagnostic(d),
    'error SDK_CONFIG_INVALID sdk.config.ts:6:37: routing.redirects["/a"].status must be one of 301, 302, 303, 307, 308, got "301" Hint: Use the number 301, not the string "301".',
  );
  const computed = configError("SDK_CONFIG_INVALID", "worker.limits.cpu_ms", "must be an integer, got 0", { file: "sdk.config.ts" });
  assert.is(formatDiagnostic(computed), "error SDK_CONFIG_INVALID sdk.config.ts: worker.limits.cpu_ms must be an integer, got 0");
});

test("text form: a message that does not open with its config path gets the path beside the location", () => {
  const prerender = error("SDK_PRERENDER_FAILED", "prerendering /x answered 404, not 200", { file: "sdk.config.ts", configPath: "routing.prerender[0]" });
  assert.is(formatLocation(prerender), "sdk.config.ts routing.prerender[0]");
  const located = error("SDK_X", "something about it", { file: "sdk.config.ts", line: 2, column: 3, configPath: "target" });
  assert.is(formatLocation(located), "sdk.config.ts:2:3 target");
  const fileless = error("SDK_BUILD_COMMAND_FAILED", "The build command `x` exited with code 1.", { configPath: "inference.build" });
  assert.is(formatDiagnostic(fileless), "error SDK_BUILD_COMMAND_FAILED config inference.build: The build command `x` exited with code 1.");
  const longerName = error("SDK_X", 'sourceDirs "a" is wrong', { file: "sdk.config.ts", configPath: "sourceDir" });
  assert.is(formatLocation(longerName), "sdk.config.ts sourceDir");
  const saysIt = error("SDK_SOURCEDIR_MISSING", 'sourceDir "app" does not exist or is not a directory.', { file: "sdk.config.ts", configPath: "sourceDir" });
  assert.is(formatDiagnostic(saysIt), 'error SDK_SOURCEDIR_MISSING sdk.config.ts: sourceDir "app" does not exist or is not a directory.');
});

test("JSON keeps the structured fields beside the sentence", () => {
  const d = configError("SDK_CONFIG_INVALID", "worker.limits.cpu_ms", "must be an integer from 1 to 300000, got 0", {
    file: "sdk.config.ts", line: 5, column: 23, hint: "Use an integer from 1 to 300000.",
  });
  assert.equal(JSON.parse(JSON.stringify(d)), {
    code: "SDK_CONFIG_INVALID",
    severity: "error",
    message: "worker.limits.cpu_ms must be an integer from 1 to 300000, got 0",
    file: "sdk.config.ts",
    line: 5,
    column: 23,
    configPath: "worker.limits.cpu_ms",
    hint: "Use an integer from 1 to 300000.",
  });
});

test("closest never returns the name it was given", () => {
  assert.is(closest("cpuMs", ["cpu_ms"]), "cpu_ms");
  assert.is(closest("limits", ["limits"]), null);
  assert.is(closest("node", ["node", "nod"]), "nod");
  assert.is(closest("PG", ["pg", "mysql"]), "pg");
});

test("enum hints: the needed type for the same text, a close spelling, else the list", () => {
  assert.is(enumHint("301", REDIRECT_STATUSES), 'Use the number 301, not the string "301".');
  assert.is(enumHint("300", REDIRECT_STATUSES), "Use one of 301, 302, 303, 307, 308 (a number, not a string).");
  assert.is(enumHint(300, REDIRECT_STATUSES), "Use one of 301, 302, 303, 307, 308.");
  assert.is(enumHint("nod", ["edge", "node", "bun", "deno"]), 'Did you mean "node"?');
  assert.is(enumHint(true, ["true", "false"]), 'Use the string "true", not the boolean true.');
  for (const given of ["301", "302", "308", 301]) assertNotOfferedBack(enumHint(given, REDIRECT_STATUSES), given);
});

test("type hints name the type needed, with the converted value when it is the same text", () => {
  assert.is(typeHint(["worker", "limits", "cpu_ms"], "50", ["integer"], "an integer"), 'Use the number 50, not the string "50".');
  assert.is(typeHint(["worker", "limits", "cpu_ms"], "1.5", ["integer"], "an integer"), "Change the value to an integer.");
  assert.is(typeHint(["routing", "isr"], "false", ["boolean"], "a boolean (true or false)"), 'Use the boolean false, not the string "false".');
  assert.is(typeHint(["target"], 3, ["string"], "a string"), 'Use the string "3", not the number 3.');
  assert.is(typeHint(["remote"], "", ["boolean"], "a boolean (true or false)"), "Change the value to a boolean (true or false).");
});

test("unknown-field hints suggest another field or list the known ones, never the field written", () => {
  assert.is(unknownFieldHint("cpuMs", ["cpu_ms"]), 'Did you mean "cpu_ms"?');
  assert.is(unknownFieldHint("memory_mb", ["cpu_ms"]), "Remove it; known fields: cpu_ms.");
  assert.is(unknownFieldHint("limits", ["limits"]), "Remove it; known fields: limits.");
});

test("no hint of the validator offers back the value given", () => {
  const cases: [unknown, unknown][] = [
    [{ routing: { redirects: { "/a": { to: "/b", status: "301" } } } }, "301"],
    [{ routing: { redirects: { "/a": { to: "/b", status: "307" } } } }, "307"],
    [{ target: "Node" }, "Node"],
    [{ database: "PG" }, "PG"],
    [{ routing: { notFound: "404page" } }, "404page"],
    [{ worker: { limits: { cpu_ms: "50" } } }, "50"],
    [{ worker: { limits: { Cpu_Ms: 50 } } }, "Cpu_Ms"],
    [{ Target: "node" }, "Target"],
  ];
  for (const [config, given] of cases) {
    const diagnostics = validateConfig(config);
    assert.is(diagnostics.length, 1, JSON.stringify(config));
    assert.ok(diagnostics[0]!.hint, JSON.stringify(config));
    assertNotOfferedBack(diagnostics[0]!.hint, given);
  }
});

test.run();
