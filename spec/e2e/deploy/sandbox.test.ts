/**
 * `sdk deploy` of a sandbox app against the platform API stand-in, whose containers API follows
 * the official `cloudflare` package's types (openapi-supplement.json): a digest-pinned registry
 * image needs no Docker and deploys as a container application bound to the sandbox class's
 * durable-object namespace, created once, rolled out when the digest changes, left alone when it
 * does not; a free plan, a token without container access and another account's image stop the
 * deploy before anything is written. A Dockerfile image is built with Docker (a stand-in `docker`
 * on SDK_DOCKER_PATH that records its calls): no docker command, or one whose daemon does not
 * answer, is a located error naming what is missing; a working one builds for linux/amd64, logs
 * in with the registry password on stdin (never argv), pushes, and the application runs the
 * pushed digest.
 */
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, MANAGED_REGISTRY, startPlatformApi, type PlatformApiStandIn } from "../../helpers/platform-api/index.ts";
import { copyFixture, expectSuccess, runSdkAsync, type CliResult } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const ACCOUNT = "5a9e0c4d2b1f4e6a8c7d9e0f1a2b3c4d";
const OTHER_ACCOUNT = "0123456789abcdef0123456789abcdef";
const digest = (fill: string) => `sha256:${fill.repeat(64)}`;
const image = (fill: string, account = ACCOUNT) => `${MANAGED_REGISTRY}/${account}/sandbox@${digest(fill)}`;
/** Every permission but the two container groups: what the "Edit Cloudflare Workers" template and Billing:Read hold. */
const NO_CONTAINERS_TOKEN = "stand-in-token-without-containers";
const FULL_TOKEN = "stand-in-token-with-containers";

const root = copyFixture("fixtures", "sandbox-packaged");
const configHome = scratchDir("sandbox-deploy-home");
const tools = scratchDir("sandbox-deploy-docker");
let platform: PlatformApiStandIn;

async function sdk(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const base = { SDK_CONFIG_HOME: configHome, SDK_API_BASE_URL: platform.baseUrl, SDK_WORKERS_DEV_ORIGIN: platform.workersDevOrigin, SDK_DEPLOY_READINESS_ATTEMPTS: "2", SDK_API_TOKEN: FULL_TOKEN, SDK_ACCOUNT_ID: ACCOUNT };
  return runSdkAsync([...args, "--root", root], { env: { ...base, ...env } });
}

function refused(run: CliResult, code: string): void {
  assert.is(run.code, 1, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stderr, code);
  assert.not.match(run.stderr, /\n\s+at /, "no stack trace");
}

const writes = (from: number) => platform.requests.slice(from).filter((request) => request.method !== "GET");
const config = (sandbox: string) => writeFileSync(path.join(root, "sdk.config.ts"), `import { defineConfig } from "sdk/config";\n\nexport default defineConfig({\n  sandbox: { instanceType: "standard-1"${sandbox} },\n});\n`);
const applications = () => [...platform.state.containers.values()];
/** The live version's detail as the deploy read it: its binding names the sandbox class's namespace. */
async function versionRead(): Promise<{ result: { resources: { bindings: { class_name?: string; namespace_id?: string }[] } } }> {
  const read = platform.requests.filter((request) => request.method === "GET" && /\/versions\/[^/]+$/.test(request.path)).at(-1);
  assert.ok(read, "the deploy read the live version's bindings");
  return (await fetch(`${platform.baseUrl}${read.path}`, { headers: { authorization: `Bearer ${FULL_TOKEN}` } })).json();
}

/** A `docker` that answers as the CLI does, recording each call's argv and stdin. */
function fakeDocker(name: string, behaviour: "no-daemon" | "works"): string {
  const file = path.join(tools, name);
  const log = path.join(tools, `${name}.log`);
  writeFileSync(file, `#!/usr/bin/env node
const { appendFileSync, readFileSync } = require("node:fs");
const args = process.argv.slice(2);
let stdin = "";
try { stdin = readFileSync(0, "utf8"); } catch {}
appendFileSync(${JSON.stringify(log)}, JSON.stringify({ args, stdin }) + "\\n");
if (${JSON.stringify(behaviour)} === "no-daemon") {
  if (args[0] === "version") { process.stdout.write("28.2.2 "); process.stderr.write("Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?\\n"); process.exit(1); }
  process.exit(1);
}
if (args[0] === "image" && args[1] === "inspect") {
  const tag = args.at(-1);
  process.stdout.write(JSON.stringify([tag.replace(/:[^:/]+$/, "") + "@sha256:" + "d".repeat(64)]) + "\\n");
}
process.exit(0);
`);
  chmodSync(file, 0o755);
  return file;
}
const dockerCalls = (name: string) => readFileSync(path.join(tools, `${name}.log`), "utf8").trim().split("\n").map((line) => JSON.parse(line) as { args: string[]; stdin: string });

test.before(async () => {
  platform = await startPlatformApi({
    account: { id: ACCOUNT, name: "Sandbox Account" },
    plan: "free",
    tokens: [{ value: FULL_TOKEN, permissions: ALL_PERMISSIONS }, { value: NO_CONTAINERS_TOKEN, permissions: [...DEFAULT_PERMISSIONS, "Billing Read"] }],
  });
});

test.after(async () => {
  await platform?.close();
});

test("a dry run of a registry image sends nothing and says what it did not check", async () => {
  config(`, image: "${image("a")}"`);
  const run = expectSuccess(await sdk(["deploy", "--dry-run"]), "sdk deploy --dry-run");
  assert.match(run.stdout, /the sandbox: the plan, the token's container access and the registry image, and the container application sdk-sandbox-v1/);
  assert.is(platform.requests.length, 0);
});

test("the free plan, a token without container access and another account's image stop the deploy before any write", async () => {
  const before = platform.requests.length;
  const plan = await sdk(["deploy"]);
  refused(plan, "SDK_DEPLOY_SANDBOX_PLAN");
  assert.match(plan.stderr, /Workers Paid plan/);
  platform.setPlan("paid");

  const token = await sdk(["deploy"], { SDK_API_TOKEN: NO_CONTAINERS_TOKEN });
  refused(token, "SDK_DEPLOY_SANDBOX_TOKEN");
  assert.match(token.stderr, /Containers:Edit and Cloudchamber:Edit/);

  config(`, image: "${image("a", OTHER_ACCOUNT)}"`);
  const foreign = await sdk(["deploy"]);
  refused(foreign, "SDK_DEPLOY_SANDBOX_IMAGE_ACCOUNT");
  assert.match(foreign.stderr, /sdk\.config\.ts.*sandbox\.image/);
  assert.equal(writes(before), [], "nothing was written");
  assert.equal(platform.violations, []);
});

test("a digest-pinned registry image deploys without Docker: the application is bound to the class's namespace", async () => {
  config(`, image: "${image("a")}"`);
  const run = expectSuccess(await sdk(["deploy"], { SDK_DOCKER_PATH: path.join(tools, "no-such-docker") }), "sdk deploy");
  assert.match(run.stdout, /deploying atomically: the sandbox's container application/);
  assert.match(run.stdout, new RegExp(`sandbox: created container application sdk-sandbox-v1 \\(.+\\) running ${image("a").replaceAll(".", "\\.")}`));
  const [application] = applications();
  assert.equal(application.configuration, { image: image("a"), instance_type: "standard-1" });
  assert.is(application.max_instances, 20);
  const binding = (await versionRead()).result.resources.bindings.find((candidate) => candidate.class_name === "SandboxV1");
  assert.ok(binding?.namespace_id);
  assert.is(application.namespaceId, binding.namespace_id);
  const created = platform.requests.find((request) => request.method === "POST" && request.path.endsWith("/containers/applications"))!;
  assert.equal(JSON.parse(created.bodyText), { name: "sdk-sandbox-v1", scheduling_policy: "default", configuration: { image: image("a"), instance_type: "standard-1" }, instances: 0, max_instances: 20, durable_objects: { namespace_id: application.namespaceId } });
  const response = await platform.workersDevFetch("sandbox-packaged.acme.workers.dev", "/api/sandbox?id=one");
  assert.equal(await response.json(), { exec: "function", writeFile: "function" });
  assert.equal(platform.violations, []);
});

test("the same digest changes nothing; a new one rolls out to the same application", async () => {
  const same = expectSuccess(await sdk(["deploy"]), "sdk deploy, same image");
  assert.match(same.stdout, /container application sdk-sandbox-v1 already runs/);
  assert.is(applications()[0].rollouts.length, 0);

  config(`, image: "${image("b")}"`);
  const changed = expectSuccess(await sdk(["deploy"]), "sdk deploy, new digest");
  assert.match(changed.stdout, /rolling container application sdk-sandbox-v1 out to .*@sha256:b{64}/);
  const [application] = applications();
  assert.is(applications().length, 1);
  assert.equal(application.rollouts.map((rollout) => rollout.target_configuration.image), [image("b")]);
  assert.equal(platform.violations, []);
});

test("a Dockerfile with no docker command, or a docker whose daemon does not answer, is refused naming what is missing", async () => {
  config("");
  const before = platform.requests.length;
  const missing = await sdk(["deploy"], { SDK_DOCKER_PATH: path.join(tools, "no-such-docker") });
  refused(missing, "SDK_DEPLOY_DOCKER_MISSING");
  assert.match(missing.stderr, /packaged Dockerfile \(dist\/server\/sandbox\/Dockerfile\), which sdk deploy builds with Docker, and there is no `.*no-such-docker` command/);
  assert.match(missing.stderr, /install Docker/);

  const daemon = await sdk(["deploy"], { SDK_DOCKER_PATH: fakeDocker("docker-no-daemon", "no-daemon") });
  refused(daemon, "SDK_DEPLOY_DOCKER_DAEMON");
  assert.match(daemon.stderr, /client 28\.2\.2\) is installed, but no Docker daemon answers it: Cannot connect to the Docker daemon at unix:\/\/\/var\/run\/docker\.sock/);
  assert.match(daemon.stderr, /start the Docker daemon/);
  assert.equal(writes(before), [], "nothing was written");
});

test("a Dockerfile is built for linux/amd64, pushed with the password on stdin, and the application runs the pushed digest", async () => {
  const docker = fakeDocker("docker-works", "works");
  const run = expectSuccess(await sdk(["deploy"], { SDK_DOCKER_PATH: docker }), "sdk deploy with Docker");
  const tag = `${MANAGED_REGISTRY}/${ACCOUNT}/sandbox:sdk-sandbox-v1`;
  const calls = dockerCalls("docker-works");
  assert.equal(calls.map((call) => call.args[0]), ["version", "build", "login", "push", "image"]);
  assert.equal(calls[1].args, ["build", "--platform", "linux/amd64", "--file", path.join(root, "dist", "server", "sandbox", "Dockerfile"), "--tag", tag, path.join(root, "dist", "server", "sandbox")]);
  const login = calls[2];
  const credentials = platform.requests.find((request) => request.path.endsWith(`/containers/registries/${MANAGED_REGISTRY}/credentials`));
  assert.ok(credentials, "push credentials were asked for");
  assert.match(login.stdin, /^stand-in-registry-password-/);
  assert.not.ok(calls.some((call) => call.args.join(" ").includes(login.stdin)), "the password is in no argv");
  assert.not.ok(`${run.stdout}${run.stderr}`.includes(login.stdin), "nor in the output");
  const pushed = `${MANAGED_REGISTRY}/${ACCOUNT}/sandbox@sha256:${"d".repeat(64)}`;
  assert.match(run.stdout, `sandbox: pushed ${pushed}`);
  assert.is(applications()[0].configuration.image, pushed);
  assert.equal(platform.violations, []);
});

test.run();
