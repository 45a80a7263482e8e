/**
 * What the stand-in platform holds between requests. Tests may read it (and, to set up an
 * unusual case, change it); the handlers are its only other writers.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { ContainerApplication } from "./containers.ts";
import type { TokenGrant } from "./permissions.ts";

export type Plan = "free" | "paid";

export interface Binding {
  type: string;
  name: string;
  [field: string]: unknown;
}

export interface AssetsConfig {
  html_handling?: string;
  not_found_handling?: string;
  run_worker_first?: boolean | string[];
  /** The text of dist/client's `_headers` and `_redirects`, which the platform applies. */
  _headers?: string;
  _redirects?: string;
}

/** The script's own settings, apart from its versions: a direct upload's metadata sets them, as does PATCH …/script-settings. */
export interface ScriptSettings {
  logpush?: boolean;
  tail_consumers?: { service: string; environment?: string; namespace?: string }[];
  observability?: Record<string, unknown>;
}

export interface WorkerMetadata {
  main_module: string;
  compatibility_date?: string;
  compatibility_flags?: string[];
  bindings?: Binding[];
  keep_bindings?: string[];
  limits?: { cpu_ms?: number };
  migrations?: unknown;
  assets?: { jwt: string; config?: AssetsConfig };
  annotations?: Record<string, string>;
  placement?: { mode?: string };
  logpush?: boolean;
  tail_consumers?: ScriptSettings["tail_consumers"];
  observability?: Record<string, unknown>;
}

export interface ModuleFile {
  /** The part name: the path relative to dist/server. */
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface WorkerVersion {
  id: string;
  number: number;
  created_on: string;
  /** As uploaded. */
  metadata: WorkerMetadata;
  modules: ModuleFile[];
  /** The version's own bindings and the ones `keep_bindings` carried over, secrets with their text. */
  bindings: Binding[];
  assets?: { directory: string; config: AssetsConfig };
  annotations: Record<string, string>;
  /** Whether the version has a preview URL: not when its script has durable state. */
  has_preview: boolean;
  etag: string;
  startup_time_ms: number;
}

export interface Deployment {
  id: string;
  created_on: string;
  source: string;
  strategy: "percentage";
  versions: { version_id: string; percentage: number }[];
  annotations: Record<string, string>;
}

export interface Script {
  name: string;
  created_on: string;
  modified_on: string;
  migration_tag?: string;
  /** Durable Object classes the migrations created; `sqlite` unless created by `new_classes`. */
  classes: Map<string, { sqlite: boolean }>;
  /** Oldest first. */
  versions: WorkerVersion[];
  /** Oldest first; the last one is the one serving. */
  deployments: Deployment[];
  schedules: { cron: string }[];
  subdomain: { enabled: boolean; previews_enabled: boolean };
  settings: ScriptSettings;
}

export interface QueueConsumer {
  consumer_id: string;
  script_name: string;
  type: "worker";
  settings: { batch_size?: number; max_retries?: number; max_wait_time_ms?: number; retry_delay?: number; max_concurrency?: number };
  dead_letter_queue?: string;
  created_on: string;
}

export interface Queue {
  queue_id: string;
  queue_name: string;
  created_on: string;
  modified_on: string;
  consumers: QueueConsumer[];
}

export type AssetManifest = Record<string, { hash: string; size: number }>;

export interface AssetSession {
  script: string;
  manifest: AssetManifest;
  pending: Set<string>;
  completion: string;
}

export interface MxRecord {
  content: string;
  priority: number;
}

export interface Zone {
  id: string;
  name: string;
  mx: MxRecord[];
  emailRouting: { enabled: boolean; status: string };
  /** Enabling Email Routing leaves the status "unconfigured" (DNS that never settles). */
  routingStaysUnconfigured: boolean;
  catchAll?: unknown;
  /** Worker routes: a URL pattern to the script it runs. */
  workerRoutes: { id: string; pattern: string; script: string }[];
}

/** A custom domain: a whole hostname of a zone, served by a worker. */
export interface CustomDomain {
  id: string;
  hostname: string;
  service: string;
  environment: string;
  zone_id: string;
  zone_name: string;
}

/** A Hyperdrive configuration; `origin.password` is write-only: kept here, never answered. */
export interface HyperdriveConfig {
  id: string;
  name: string;
  origin: { scheme: "postgres" | "postgresql" | "mysql"; host: string; port: number; database: string; user: string; password: string };
  caching?: Record<string, unknown>;
}

export interface PlatformState {
  account: { id: string; name: string };
  plan: Plan;
  /** The account's `<subdomain>.workers.dev`; undefined until one is registered (PUT …/workers/subdomain). */
  subdomain: string | undefined;
  tokens: Map<string, TokenGrant>;
  scripts: Map<string, Script>;
  d1: Map<string, { uuid: string; name: string; created_at: string }>;
  kv: Map<string, { id: string; title: string }>;
  r2: Map<string, { name: string; creation_date: string }>;
  queues: Map<string, Queue>;
  hyperdrive: Map<string, HyperdriveConfig>;
  /** Container applications by id. */
  containers: Map<string, ContainerApplication>;
  assets: {
    /** hash → content */
    files: Map<string, { bytes: Uint8Array; contentType: string }>;
    /** session JWT → session */
    sessions: Map<string, AssetSession>;
    /** completion JWT → the manifest a worker upload may then name */
    completions: Map<string, { script: string; manifest: AssetManifest }>;
  };
  zones: Map<string, Zone>;
  /** By hostname. */
  customDomains: Map<string, CustomDomain>;
  /** Scripts whose preview hosts answer 503 (`failReadiness`). */
  notReady: Set<string>;
  /** Version ids a preview host asked for; they stay in the runtime beside the deployed ones. */
  previewsRequested: Set<string>;
}

export const newUuid = (): string => randomUUID();
export const newHexId = (): string => randomBytes(16).toString("hex");
export const now = (): string => new Date().toISOString();

export function createState(init: { account: { id: string; name: string }; plan: Plan; subdomain: string | undefined; tokens: Map<string, TokenGrant> }): PlatformState {
  return {
    ...init,
    scripts: new Map(),
    d1: new Map(),
    kv: new Map(),
    r2: new Map(),
    queues: new Map(),
    hyperdrive: new Map(),
    containers: new Map(),
    assets: { files: new Map(), sessions: new Map(), completions: new Map() },
    zones: new Map(),
    customDomains: new Map(),
    notReady: new Set(),
    previewsRequested: new Set(),
  };
}

export function createScript(name: string): Script {
  const created = now();
  return { name, created_on: created, modified_on: created, classes: new Map(), versions: [], deployments: [], schedules: [], subdomain: { enabled: false, previews_enabled: false }, settings: {} };
}

export const currentDeployment = (script: Script): Deployment | undefined => script.deployments.at(-1);

export const latestVersion = (script: Script): WorkerVersion | undefined => script.versions.at(-1);

export const findVersion = (script: Script, id: string): WorkerVersion | undefined => script.versions.find((version) => version.id === id);

/** The version with the largest share of the current deployment: it hosts the script's Durable Objects and queue consumers. */
export function primaryVersion(script: Script): WorkerVersion | undefined {
  const deployment = currentDeployment(script);
  if (!deployment) return undefined;
  const [first] = [...deployment.versions].sort((a, b) => b.percentage - a.percentage);
  return first && findVersion(script, first.version_id);
}

export function addDeployment(script: Script, versions: Deployment["versions"], annotations: Record<string, string>): Deployment {
  const deployment: Deployment = { id: newUuid(), created_on: now(), source: "api", strategy: "percentage", versions, annotations };
  script.deployments.push(deployment);
  script.modified_on = deployment.created_on;
  return deployment;
}
