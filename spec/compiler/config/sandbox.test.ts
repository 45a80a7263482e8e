/**
 * `sandbox`: its config rules (names, the image and its build context), the rule a managed deploy
 * checks, the settings the front end derives, and what they add to wrangler.json and the worker.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateConfig } from "../../../compiler/config/validate.ts";
import type { Diagnostic } from "../../../compiler/diagnostics.ts";
import type { SandboxConfig } from "../../../compiler/config/define.ts";
import type { ImportIR } from "../../../compiler/ir.ts";
import { validateSandboxForManagedDeploy } from "../../../compiler/sandbox/managed-deploy.ts";
import { sandboxOf } from "../../../compiler/sandbox/sandbox-ir.ts";
import { emitPackagedDockerfile, sandboxHelperVersion, sandboxWranglerEntries } from "../../../emitters/sandbox.ts";
import { emitDurableStateModule, workerDurableStateSlots } from "../../../emitters/durable-state-module.ts";
import { durableStateOf } from "../../../compiler/durable-state/durable-state-ir.ts";
import type { SandboxIR } from "../../../compiler/ir.ts";
import { emitWranglerConfig } from "../../../emitters/wrangler.ts";
import { irWith } from "../../helpers/scan-ir.ts";
import { REPO_ROOT } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const DIGEST = "a".repeat(64);
const PINNED = `registry.cloudflare.com/0123456789abcdef0123456789abcdef/sandbox@sha256:${DIGEST}`;

/** A project with `docker/sandbox.Dockerfile` and a `tools/` folder, for the rules about files. */
const project = scratchDir("sandbox-rules");
mkdirSync(path.join(project, "docker"));
mkdirSync(path.join(project, "tools"));
writeFileSync(path.join(project, "docker", "sandbox.Dockerfile"), "FROM docker.io/cloudflare/sandbox:0.12.10\n");

/** `root` null: the config on its own, with no project to look files up in. */
function problems(sandbox: Record<string, unknown>, root: string | null = project): Diagnostic[] {
  const diagnostics = validateConfig({ sandbox }, undefined, root ?? undefined);
  for (const d of diagnostics) {
    assert.ok(d.hint, `has a hint: ${d.message}`);
    assert.not.match(d.message, /[\r\n]/);
  }
  return diagnostics;
}

/** Exactly one diagnostic, at `sandbox.<field>`, with this code. */
function one(sandbox: Record<string, unknown>, field: string, code: string): Diagnostic {
  const diagnostics = problems(sandbox);
  assert.equal(diagnostics.map((d) => [d.code, d.configPath]), [[code, `sandbox.${field}`]], JSON.stringify(sandbox));
  return diagnostics[0]!;
}

test("the defaults, a Dockerfile of the project and a digest-pinned registry image pass", () => {
  assert.equal(problems({}), []);
  assert.equal(problems({ binding: "MY_SANDBOX_2", className: "$Box_1", containerName: "a-b-1", instanceType: "standard-4" }), []);
  assert.equal(problems({ image: "docker/sandbox.Dockerfile", imageBuildContext: "tools", platformImage: "edge/debian-trixie" }), []);
  assert.equal(problems({ image: "./docker/sandbox.Dockerfile", imageBuildContext: "." }), []);
  assert.equal(problems({ image: PINNED }), []);
  assert.equal(problems({ image: `localhost:5000/acct/sandbox@sha256:${DIGEST}` }), []);
});

test("binding: uppercase letters, digits and _, not starting with a digit", () => {
  for (const binding of ["sandbox", "Sandbox", "2BOX", "MY-BOX", ""]) {
    const d = one({ binding }, "binding", "SDK_CONFIG_INVALID");
    assert.match(d.message, "must be a binding name of uppercase letters, digits and _");
    assert.is(d.hint, 'For example "SANDBOX".');
  }
});

test("className: a JavaScript class name the worker can export, never a reserved word", () => {
  for (const className of ["1Box", "Sandbox-V1", "class", "default", "my box", ""]) {
    const d = one({ className }, "className", "SDK_CONFIG_INVALID");
    assert.match(d.message, "must be a JavaScript class name");
  }
  assert.equal(problems({ className: "Classy" }), [], "a reserved word inside a name is fine");
});

test("containerName: lowercase letters, digits and single dashes, at most 63 characters", () => {
  for (const containerName of ["Sandbox", "sdk_sandbox", "-sdk", "sdk-", "sdk--box", "a".repeat(64), ""]) {
    const d = one({ containerName }, "containerName", "SDK_CONFIG_INVALID");
    assert.match(d.message, "must be a container name of lowercase letters, digits and single dashes");
  }
  assert.equal(problems({ containerName: "a".repeat(63) }), []);
});

test("image: a registry image pinned by a tag is refused with a hint to pin the digest", () => {
  for (const [image, tag] of [[`registry.cloudflare.com/acct/sandbox:latest`, "latest"], ["node:20", "20"], ["docker.io/cloudflare/sandbox:0.12.10", "0.12.10"]] as const) {
    const d = one({ image }, "image", "SDK_SANDBOX_IMAGE");
    assert.is(d.message, `sandbox.image is pinned by the tag "${tag}", which can move; a registry image must be pinned by its digest`);
    assert.match(d.hint!, "Pin the digest the registry gave the pushed image: <registry_host>/<account_id>/sandbox@sha256:<digest>");
  }
});

test("image: a digest reference must have the managed registry's shape", () => {
  for (const image of [
    `registry.cloudflare.com/acct/other@sha256:${DIGEST}`,
    `registry.cloudflare.com/sandbox@sha256:${DIGEST}`,
    `registry.cloudflare.com/acct/sandbox@sha256:${"a".repeat(63)}`,
    `registry.cloudflare.com/acct/sandbox@sha512:${DIGEST}`,
    `sandbox@sha256:${DIGEST}`,
  ]) {
    const d = one({ image }, "image", "SDK_SANDBOX_IMAGE");
    assert.is(d.message, "sandbox.image must be a digest-pinned image of the managed registry, <registry_host>/<account_id>/sandbox@sha256:<digest>");
    assert.match(d.hint!, "registry.cloudflare.com/0123456789abcdef0123456789abcdef/sandbox@sha256:");
  }
});

test("image: a Dockerfile path stays inside the project and names an existing file", () => {
  for (const image of ["/etc/Dockerfile", "../Dockerfile", "docker/../../Dockerfile", "C:\\Dockerfile"]) {
    assert.match(one({ image }, "image", "SDK_SANDBOX_IMAGE").message, 'must be a path relative to the project root (no leading "/", no ".." segment)');
  }
  const missing = one({ image: "docker/missing.Dockerfile" }, "image", "SDK_SANDBOX_IMAGE_MISSING");
  assert.is(missing.message, 'sandbox.image names "docker/missing.Dockerfile", which does not exist');
  assert.match(missing.hint!, "remove sandbox.image to use the packaged Node.js Dockerfile");
  assert.match(one({ image: "docker" }, "image", "SDK_SANDBOX_IMAGE_MISSING").message, "which is a directory, not a Dockerfile");
  assert.equal(problems({ image: "docker/missing.Dockerfile" }, null), [], "without a project, only the text is checked");
});

test("imageBuildContext: an existing folder of the project, beside a Dockerfile image only", () => {
  assert.is(one({ image: "docker/sandbox.Dockerfile", imageBuildContext: "nope" }, "imageBuildContext", "SDK_SANDBOX_BUILD_CONTEXT").message, 'sandbox.imageBuildContext names "nope", which does not exist');
  assert.match(one({ imageBuildContext: "docker/sandbox.Dockerfile" }, "imageBuildContext", "SDK_SANDBOX_BUILD_CONTEXT").message, "is a file, not a folder");
  assert.match(one({ imageBuildContext: "/srv" }, "imageBuildContext", "SDK_SANDBOX_BUILD_CONTEXT").message, "must be a folder relative to the project root");
  const registry = one({ image: PINNED, imageBuildContext: "tools" }, "imageBuildContext", "SDK_SANDBOX_BUILD_CONTEXT");
  assert.is(registry.message, "sandbox.imageBuildContext applies only to a Dockerfile image, but sandbox.image is a registry image");
});

test("a sandbox mistake points at its value in sdk.config.ts; a wrong type is the schema's alone", () => {
  const text = 'import { defineConfig } from "sdk/config";\n\nexport default defineConfig({\n  sandbox: {\n    image: "node:latest",\n  },\n});\n';
  const [d] = validateConfig({ sandbox: { image: "node:latest" } }, { file: "sdk.config.ts", text }, project);
  assert.equal([d!.file, d!.line, d!.column, d!.configPath], ["sdk.config.ts", 5, 12, "sandbox.image"]);
  assert.equal(problems({ image: 5, imageBuildContext: 3 }).map((p) => [p.code, p.configPath]), [["SDK_CONFIG_INVALID", "sandbox.image"], ["SDK_CONFIG_INVALID", "sandbox.imageBuildContext"]]);
});

test("managed deploy: a local Dockerfile needs platformImage; the packaged one and registry images do not", () => {
  const [d, ...rest] = validateSandboxForManagedDeploy({ sandbox: { image: "docker/sandbox.Dockerfile" } });
  assert.equal(rest, []);
  assert.equal([d!.code, d!.configPath, d!.file], ["SDK_SANDBOX_PLATFORM_IMAGE_REQUIRED", "sandbox.platformImage", "sdk.config.ts"]);
  assert.match(d!.message, 'sandbox.platformImage is required on a managed deploy when sandbox.image is a local Dockerfile ("docker/sandbox.Dockerfile")');
  assert.match(d!.hint!, 'Add platformImage: "edge/debian-trixie"');
  assert.equal(validateSandboxForManagedDeploy({ sandbox: { image: "docker/sandbox.Dockerfile", platformImage: "edge/debian-trixie" } }), []);
  assert.equal(validateSandboxForManagedDeploy({ sandbox: {} }), []);
  assert.equal(validateSandboxForManagedDeploy({ sandbox: { image: PINNED } }), []);
  assert.equal(validateSandboxForManagedDeploy({}), []);
});

const sandboxImport: ImportIR = { file: "routes/run.ts", specifier: "sdk/sandbox", line: 2, column: 28 };

test("enabled by the config object or an import of sdk/sandbox, on the edge only, with the contract's defaults", () => {
  assert.is(sandboxOf({}, [], "edge"), null);
  assert.is(sandboxOf({ sandbox: {} }, [sandboxImport], "node"), null);
  const imported = sandboxOf({}, [sandboxImport], "edge");
  assert.equal(imported, {
    binding: "SANDBOX", className: "SandboxV1", containerName: "sdk-sandbox-v1", image: { kind: "packaged", buildContext: null },
    platformImage: "edge/debian-trixie", instanceType: "lite", source: "routes/run.ts:2:28",
  });
  assert.is(sandboxOf({ sandbox: {} }, [], "edge")!.source, "sandbox");
});

test("image paths are project-relative in the IR; the build context defaults to the Dockerfile's folder", () => {
  const image = (sandbox: SandboxConfig) => sandboxOf({ sandbox }, [], "edge")!.image;
  assert.equal(image({ image: "./docker/sandbox.Dockerfile" }), { kind: "dockerfile", file: "docker/sandbox.Dockerfile", buildContext: "docker" });
  assert.equal(image({ image: "Dockerfile" }), { kind: "dockerfile", file: "Dockerfile", buildContext: "." });
  assert.equal(image({ image: "docker/sandbox.Dockerfile", imageBuildContext: "./" }), { kind: "dockerfile", file: "docker/sandbox.Dockerfile", buildContext: "." });
  assert.equal(image({ image: PINNED }), { kind: "registry", reference: PINNED });
  assert.equal(image({ imageBuildContext: "tools/" }), { kind: "packaged", buildContext: "tools" });
});

test("wrangler.json: the container; its durable-object binding and the migration creating the class come with the other durable state", () => {
  const sandbox = sandboxOf({ sandbox: { image: PINNED, binding: "RUNNER", className: "Runner", containerName: "runner", instanceType: "standard-3" } }, [], "edge")!;
  assert.equal(sandboxWranglerEntries(sandbox), {
    containers: [{ class_name: "Runner", image: PINNED, instance_type: "standard-3", name: "runner" }],
  });
  const config = emitWranglerConfig({ ir: irWith({ target: "edge", sandbox, durableState: durableStateFor(sandbox) }), defaultName: "app" });
  assert.equal(config.durable_objects, { bindings: [{ name: "RUNNER", class_name: "Runner" }] });
  assert.equal(config.migrations, [{ tag: "v1", new_sqlite_classes: ["Runner"] }]);
  const packaged = sandboxOf({ sandbox: { imageBuildContext: "tools" } }, [], "edge")!;
  assert.equal((sandboxWranglerEntries(packaged).containers as object[])[0], {
    class_name: "SandboxV1", image: "./sandbox/Dockerfile", instance_type: "lite", name: "sdk-sandbox-v1", image_build_context: "../../tools",
  });
});

test("wrangler.json: the edge passthrough still wins over the generated sandbox entries", () => {
  const sandbox = sandboxOf({ sandbox: {} }, [], "edge");
  const edge = { migrations: [{ tag: "v1", new_sqlite_classes: ["SandboxV1"] }], containers: [{ class_name: "SandboxV1", image: PINNED, max_instances: 5 }] };
  const config = emitWranglerConfig({ ir: irWith({ target: "edge", sandbox, durableState: durableStateFor(sandbox), config: { sandbox: {}, edge } }), defaultName: "app" });
  assert.equal(config.migrations, edge.migrations);
  assert.equal(config.containers, edge.containers);
  assert.equal(config.durable_objects, { bindings: [{ name: "SANDBOX", class_name: "SandboxV1" }] });
  assert.not.ok("containers" in emitWranglerConfig({ ir: irWith({ target: "edge" }), defaultName: "app" }));
});

test("the worker exports the helper library's class under className; the packaged image matches its version", () => {
  const sandbox = sandboxOf({ sandbox: { className: "CodeRunner" } }, [], "edge");
  const durableState = durableStateFor(sandbox);
  assert.match(emitDurableStateModule({ durableState }, { projectRootFromGenerated: "../../.." }), 'import { Sandbox } from "sdk/runtime/sandbox/durable-object";\n\nexport { Sandbox as CodeRunner };');
  assert.is(workerDurableStateSlots({ durableState }).durableStateExport, '\nexport { CodeRunner } from "./durable-state";');
  const version = sandboxHelperVersion();
  assert.match(version, /^\d+\.\d+\.\d+$/, "the helper library is pinned to one version");
  const installed = JSON.parse(readFileSync(path.join(REPO_ROOT, "node_modules", "@cloudflare", "sandbox", "package.json"), "utf8")) as { version: string };
  assert.is(installed.version, version);
  assert.match(emitPackagedDockerfile(), `\nFROM docker.io/cloudflare/sandbox:${version}\n`);
});

/** The sandbox's durable state in a project with no recorded history. */
function durableStateFor(sandbox: SandboxIR | null) {
  return durableStateOf({ root: path.join(REPO_ROOT, "spec", "fixtures", "no-such-app"), target: "edge", jobs: { durableObjects: [], websockets: [] }, sandbox, bindings: [] }).durableState;
}

test.run();
