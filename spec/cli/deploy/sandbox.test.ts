/**
 * The sandbox deploy's decisions (cli/deploy/sandbox.ts), with a recording fake of the API: where
 * each kind of image comes from; the plan and the image's account checked before any write; a
 * token without container access stopped with the permissions to add; the container application
 * created bound to the namespace the live version names (read again while the platform answers
 * 100146), left alone when it runs the image, rolled out when it does not, and refused when
 * another namespace owns the name.
 */
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { applyContainer, checkContainerAccess, sandboxImage, sandboxProblems, SANDBOX_MAX_INSTANCES } from "../../../cli/deploy/sandbox.ts";
import { PlatformApiError, type PlatformApi, type Page } from "../../../cli/platform/api.ts";
import { UserError } from "../../../compiler/diagnostics.ts";
import type { SandboxIR } from "../../../compiler/ir.ts";

const ACCOUNT = "a".repeat(32);
const NAMESPACE = "9".repeat(32);
const IMAGE = `registry.cloudflare.com/${ACCOUNT}/sandbox@sha256:${"1".repeat(64)}`;
const sandbox = (image: SandboxIR["image"] = { kind: "registry", reference: IMAGE }): SandboxIR => ({ binding: "SANDBOX", className: "SandboxV1", containerName: "sdk-sandbox-v1", image, platformImage: "edge/debian-trixie", instanceType: "standard-1", source: "sandbox" });

type Answer = unknown | ((body: unknown) => unknown);

/** A PlatformApi answering from `routes` ("METHOD path-suffix"), recording each call. */
function fakeApi(routes: Record<string, Answer | Answer[]>) {
  const calls: { method: string; path: string; body?: unknown; query?: unknown }[] = [];
  const answer = (method: string, path: string, body?: unknown): unknown => {
    const key = Object.keys(routes).find((candidate) => {
      const [wantedMethod, suffix] = candidate.split(" ");
      return wantedMethod === method && path.endsWith(suffix);
    });
    if (!key) throw new Error(`unexpected ${method} ${path}`);
    const queued = routes[key];
    const next = Array.isArray(queued) ? (queued.length > 1 ? queued.shift() : queued[0]) : queued;
    const value = typeof next === "function" ? (next as (body: unknown) => unknown)(body) : next;
    if (value instanceof Error) throw value;
    return value;
  };
  const api = {
    async request(method: string, path: string, options: { json?: unknown } = {}) {
      calls.push({ method, path, body: options.json });
      return answer(method, path, options.json);
    },
    async page(path: string, query?: unknown): Promise<Page<unknown>> {
      calls.push({ method: "GET", path, query });
      return answer("GET", path) as Page<unknown>;
    },
    async get(path: string) {
      calls.push({ method: "GET", path });
      return answer("GET", path);
    },
  } as unknown as PlatformApi;
  return { api, calls };
}

const version = { id: "v", resources: { bindings: [{ type: "durable_object_namespace", name: "SANDBOX", class_name: "SandboxV1", namespace_id: NAMESPACE }] } };
const notReady = new PlatformApiError("GET", "/versions/v", 404, [{ code: 100146, message: "version not yet available" }]);
const inputs = (api: PlatformApi, steps: string[] = []) => ({ api, accountId: ACCOUNT, workerName: "app", versionId: "v", sandbox: sandbox(), image: IMAGE, step: (line: string) => steps.push(line), retryDelayMs: 1 });

test("a registry image is used as it is; a project or packaged Dockerfile is built from the root", () => {
  assert.equal(sandboxImage("/app", sandbox()), { kind: "registry", reference: IMAGE });
  assert.equal(sandboxImage("/app", sandbox({ kind: "dockerfile", file: "docker/sandbox.Dockerfile", buildContext: "." })), { kind: "build", dockerfile: path.join("/app", "docker/sandbox.Dockerfile"), context: "/app", shown: "the Dockerfile docker/sandbox.Dockerfile" });
  const packaged = sandboxImage("/app", sandbox({ kind: "packaged", buildContext: null }));
  assert.equal(packaged, { kind: "build", dockerfile: "/app/dist/server/sandbox/Dockerfile", context: "/app/dist/server/sandbox", shown: "the packaged Dockerfile (dist/server/sandbox/Dockerfile)" });
  assert.is((sandboxImage("/app", sandbox({ kind: "packaged", buildContext: "tools" })) as { context: string }).context, "/app/tools");
});

test("the free plan and another account's registry image are refused at their config paths; an unread plan is the platform's to check", () => {
  const [plan] = sandboxProblems({ kind: "registry", reference: IMAGE }, ACCOUNT, "free");
  assert.equal([plan.code, plan.configPath], ["SDK_DEPLOY_SANDBOX_PLAN", "sandbox"]);
  const foreign = sandboxProblems({ kind: "registry", reference: IMAGE.replace(ACCOUNT, "b".repeat(32)) }, ACCOUNT, "paid");
  assert.equal(foreign.map((problem) => [problem.code, problem.configPath]), [["SDK_DEPLOY_SANDBOX_IMAGE_ACCOUNT", "sandbox.image"]]);
  assert.equal(sandboxProblems({ kind: "registry", reference: IMAGE }, ACCOUNT, undefined), []);
  assert.equal(sandboxProblems({ kind: "build", dockerfile: "/d", context: "/", shown: "x" }, ACCOUNT, "paid"), []);
});

test("a token the containers API refuses stops the deploy naming both container permissions", async () => {
  const { api } = fakeApi({ "GET /containers/applications": new PlatformApiError("GET", "/containers/applications", 403, [{ code: 10000, message: "Authentication error" }]) });
  try {
    await checkContainerAccess(api, ACCOUNT, "sdk-sandbox-v1");
    assert.unreachable();
  } catch (cause) {
    assert.instance(cause, UserError);
    assert.is((cause as UserError).diagnostics[0].code, "SDK_DEPLOY_SANDBOX_TOKEN");
    assert.match((cause as UserError).diagnostics[0].hint!, /Containers:Edit and Cloudchamber:Edit/);
  }
});

test("no application yet: created bound to the namespace the live version names, read again while not ready", async () => {
  const { api, calls } = fakeApi({ "GET /versions/v": [notReady, notReady, version], "GET /containers/applications": { result: [] }, "POST /containers/applications": { id: "app-1", name: "sdk-sandbox-v1" } });
  const steps: string[] = [];
  assert.is(await applyContainer(inputs(api, steps)), "created");
  assert.is(calls.filter((call) => call.path.endsWith("/versions/v")).length, 3);
  const created = calls.find((call) => call.method === "POST");
  assert.equal(created?.body, { name: "sdk-sandbox-v1", scheduling_policy: "default", configuration: { image: IMAGE, instance_type: "standard-1" }, instances: 0, max_instances: SANDBOX_MAX_INSTANCES, durable_objects: { namespace_id: NAMESPACE } });
  assert.match(steps[0], /created container application sdk-sandbox-v1 \(app-1\)/);
});

test("the same image and instance type: nothing changes; another image: one rollout", async () => {
  const running = { id: "app-1", name: "sdk-sandbox-v1", max_instances: SANDBOX_MAX_INSTANCES, configuration: { image: IMAGE, instance_type: "standard-1" }, durable_objects: { namespace_id: NAMESPACE } };
  const same = fakeApi({ "GET /versions/v": version, "GET /containers/applications": { result: [running] } });
  assert.is(await applyContainer(inputs(same.api)), "unchanged");
  assert.equal(same.calls.filter((call) => call.method !== "GET"), []);

  const older = fakeApi({ "GET /versions/v": version, "GET /containers/applications": { result: [{ ...running, max_instances: 5, configuration: { image: IMAGE.replace(/1{64}/, "0".repeat(64)), instance_type: "lite" } }] }, "PATCH /applications/app-1": {}, "POST /app-1/rollouts": {} });
  assert.is(await applyContainer(inputs(older.api)), "rolled out");
  assert.equal(older.calls.filter((call) => call.method !== "GET").map((call) => [call.method, call.body]), [
    ["PATCH", { max_instances: SANDBOX_MAX_INSTANCES }],
    ["POST", { description: "sdk deploy", strategy: "rolling", kind: "full_auto", step_percentage: 100, target_configuration: { image: IMAGE, instance_type: "standard-1" } }],
  ]);
});

test("an application of that name bound to another namespace is refused at sandbox.containerName", async () => {
  const { api } = fakeApi({ "GET /versions/v": version, "GET /containers/applications": { result: [{ id: "app-9", name: "sdk-sandbox-v1", durable_objects: { namespace_id: "f".repeat(32) } }] } });
  try {
    await applyContainer(inputs(api));
    assert.unreachable();
  } catch (cause) {
    assert.instance(cause, UserError);
    assert.equal([(cause as UserError).diagnostics[0].code, (cause as UserError).diagnostics[0].configPath], ["SDK_DEPLOY_SANDBOX_CONTAINER_TAKEN", "sandbox.containerName"]);
  }
});

test("a version without the class's namespace is SDK_DEPLOY_SANDBOX_NAMESPACE", async () => {
  const { api } = fakeApi({ "GET /versions/v": { id: "v", resources: { bindings: [] } }, "GET /containers/applications": { result: [] } });
  try {
    await applyContainer(inputs(api));
    assert.unreachable();
  } catch (cause) {
    assert.is((cause as UserError).diagnostics[0].code, "SDK_DEPLOY_SANDBOX_NAMESPACE");
  }
});

test.run();
