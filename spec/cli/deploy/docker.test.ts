/**
 * The Docker steps of a sandbox deploy (cli/deploy/docker.ts) with stand-in `docker` commands:
 * a missing command and a daemon that does not answer are located errors naming what is missing
 * and how to fix it; a build logs in with the password on stdin, never argv; the pinned
 * reference is the pushed repository's digest, never another repository's.
 */
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildAndPush, dockerPath, dockerProblem, pinnedReference } from "../../../cli/deploy/docker.ts";
import { UserError } from "../../../compiler/diagnostics.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const dir = scratchDir("docker-unit");
const TAG = "registry.cloudflare.com/acc/sandbox:sdk-sandbox-v1";

/** A docker that records argv and stdin, and answers `version` with `versionExit`. */
function docker(name: string, versionExit: number, failing = ""): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/usr/bin/env node
const { appendFileSync, readFileSync } = require("node:fs");
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(`${file}.log`)}, JSON.stringify({ args, stdin: readFileSync(0, "utf8") }) + "\\n");
if (args[0] === "version") { process.stdout.write("27.5.1 "); if (${versionExit}) process.stderr.write("Cannot connect to the Docker daemon at tcp://10.0.0.9:2375. Is the docker daemon running?\\n"); process.exit(${versionExit}); }
if (args[0] === ${JSON.stringify(failing)}) { process.stderr.write("step 3/4: COPY failed: file not found\\n"); process.exit(1); }
if (args[0] === "image") process.stdout.write(JSON.stringify(["docker.io/library/other@sha256:${"e".repeat(64)}", "registry.cloudflare.com/acc/sandbox@sha256:${"c".repeat(64)}"]));
`);
  chmodSync(file, 0o755);
  return file;
}
const calls = (file: string) => readFileSync(`${file}.log`, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { args: string[]; stdin: string });

test("SDK_DOCKER_PATH picks the docker command; docker on PATH otherwise", () => {
  assert.is(dockerPath({}), "docker");
  assert.is(dockerPath({ SDK_DOCKER_PATH: "/opt/docker/bin/docker" }), "/opt/docker/bin/docker");
});

test("no docker command: SDK_DEPLOY_DOCKER_MISSING at sandbox.image, with how to install or what to pin instead", async () => {
  const problem = await dockerProblem(path.join(dir, "absent"), "the Dockerfile docker/x.Dockerfile");
  assert.is(problem?.code, "SDK_DEPLOY_DOCKER_MISSING");
  assert.equal([problem?.file, problem?.configPath], ["sdk.config.ts", "sandbox.image"]);
  assert.match(problem!.message, /docker\/x\.Dockerfile, which sdk deploy builds with Docker, and there is no `.*absent` command \(SDK_DOCKER_PATH\)/);
  assert.match(problem!.hint!, /install Docker/);
  assert.match(problem!.hint!, /sandbox@sha256:<digest>/);
});

test("a daemon that does not answer: SDK_DEPLOY_DOCKER_DAEMON quoting docker, with how to start one", async () => {
  const problem = await dockerProblem(docker("no-daemon", 1), "the packaged Dockerfile");
  assert.is(problem?.code, "SDK_DEPLOY_DOCKER_DAEMON");
  assert.match(problem!.message, /\(client 27\.5\.1\) is installed, but no Docker daemon answers it: Cannot connect to the Docker daemon at tcp:\/\/10\.0\.0\.9:2375/);
  assert.match(problem!.hint!, /start the Docker daemon .*DOCKER_HOST/);
  assert.is(await dockerProblem(docker("running", 0), "x"), undefined);
});

test("build, login with the password on stdin, push, and the pushed repository's digest", async () => {
  const file = docker("works", 0);
  const credentials = { username: "v1", password: "pw-0f3c9a", registry_host: "registry.cloudflare.com" };
  const reference = await buildAndPush({ docker: file, dockerfile: "/app/Dockerfile", context: "/app", tag: TAG, credentials });
  assert.is(reference, `registry.cloudflare.com/acc/sandbox@sha256:${"c".repeat(64)}`);
  const made = calls(file);
  assert.equal(made.map((call) => call.args[0]), ["build", "login", "push", "image"]);
  assert.equal(made[0].args, ["build", "--platform", "linux/amd64", "--file", "/app/Dockerfile", "--tag", TAG, "/app"]);
  assert.equal(made[1], { args: ["login", "--username", "v1", "--password-stdin", "registry.cloudflare.com"], stdin: "pw-0f3c9a" });
  assert.not.ok(made.some((call) => call.args.includes("pw-0f3c9a")));
});

test("a failing step is SDK_DEPLOY_DOCKER_FAILED with docker's own words", async () => {
  try {
    await buildAndPush({ docker: docker("broken-build", 0, "build"), dockerfile: "/app/Dockerfile", context: "/app", tag: TAG, credentials: { username: "u", password: "p", registry_host: "r" } });
    assert.unreachable();
  } catch (cause) {
    assert.instance(cause, UserError);
    const [problem] = (cause as UserError).diagnostics;
    assert.is(problem.code, "SDK_DEPLOY_DOCKER_FAILED");
    assert.match(problem.message, /building \/app\/Dockerfile failed \(docker build exited 1\):\nstep 3\/4: COPY failed: file not found/);
  }
});

test("the pinned reference is the tag's repository's, never another's; none is an error", () => {
  const digests = JSON.stringify([`registry.cloudflare.com/acc/other@sha256:${"a".repeat(64)}`, `registry.cloudflare.com/acc/sandbox@sha256:${"b".repeat(64)}`]);
  assert.is(pinnedReference(TAG, digests), `registry.cloudflare.com/acc/sandbox@sha256:${"b".repeat(64)}`);
  assert.throws(() => pinnedReference(TAG, JSON.stringify([`registry.cloudflare.com/acc/other@sha256:${"a".repeat(64)}`])), (cause: UserError) => cause.diagnostics[0].code === "SDK_DEPLOY_DOCKER_FAILED");
  assert.throws(() => pinnedReference(TAG, "not json"), (cause: UserError) => /names no digest/.test(cause.message));
});

test.run();
