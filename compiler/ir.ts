/**
 * The typed intermediate representation of an app: everything the front end learns from the
 * project folder, in one serializable object. Emitters read only this; `.sdk/ir.json` is this
 * object as JSON. Paths are POSIX and relative to the project root so the IR is identical on
 * every machine.
 */
import type { Diagnostic } from "./diagnostics.js";
import type { SandboxInstanceType, SdkConfig } from "./config/define.js";
import type { EnvKeySpec } from "../runtime/env/registry.js";
import type { RuntimeRouting } from "../runtime/routing/config.js";

export type Target = "edge" | "node" | "bun" | "deno";
export const TARGETS: readonly Target[] = ["edge", "node", "bun", "deno"];

export type BuildMode = "production" | "development";

/** A file that exists only in one mode: `name.dev.ts` or `name.prod.ts`. */
export type ModeOnly = "development" | "production" | null;

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One path segment of a file-based route, in URL order. */
export type Segment =
  | { kind: "static"; value: string }
  | { kind: "param"; name: string }
  | { kind: "catchAll"; name: string };

export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

export interface RouteMethod {
  method: HttpMethod;
  /** Where the `export const GET = defineHandler(...)` is. */
  loc: SourceLocation;
}

export interface RouteIR {
  /** Project-relative path of the route module. */
  file: string;
  /** URL pattern in our notation: `/api/users/:id`, `/api/files/*slug`. */
  pattern: string;
  segments: Segment[];
  methods: RouteMethod[];
  mode: ModeOnly;
}

export interface MiddlewareIR {
  file: string;
  /** Numeric filename prefix (`01.auth.ts` -> 1); files without one run last, by name. */
  order: number | null;
  name: string;
}

export interface PageIR {
  file: string;
  pattern: string;
  segments: Segment[];
  kind: "component" | "markdown";
  /** Paired `<name>.server.ts`, when present. */
  serverFile: string | null;
  /** Layout files wrapping this page, outermost first. */
  layouts: string[];
  /** GET always; POST when the server file exports `action` or `actions`. */
  methods: HttpMethod[];
  /** The page-level exports (`head`, `prerender`, `ssr`, `getPrerenderPaths`, `streamTimeout`) its `.server.ts` makes, sorted. */
  serverPageExports: string[];
  /**
   * The page may be prerendered at build: it exports `prerender` or `getPrerenderPaths`, or is a
   * file the scanner does not parse (Markdown, prerendered unless its frontmatter says not; .vue,
   * .svelte). The built page decides; this only tells the build whether to look.
   */
  mayPrerender: boolean;
}

/** Every page module the app renders: the routed pages, then `pages/404`. */
export function renderedPages(ir: Pick<AppIR, "pages" | "notFoundPage">): PageIR[] {
  return ir.notFoundPage ? [...ir.pages, ir.notFoundPage] : ir.pages;
}

/** Whether the app renders any page: routed pages or only `pages/404.tsx`. */
export function hasPages(ir: Pick<AppIR, "pages" | "notFoundPage">): boolean {
  return renderedPages(ir).length > 0;
}

/** The UI library an app's pages are written with; null for an app without pages. */
export type UiLibraryName = "react" | "vue" | "svelte" | "solid";

export interface CronIR {
  file: string;
  /** The exported cron expression, when it is a string literal. */
  schedule: string | null;
}

export interface QueueIR {
  file: string;
  /** Queue name, from the file name. */
  queue: string;
  /** The file's `export const batch`, for wrangler.json's `queues.consumers`. */
  batch: QueueBatchSettings;
}

export interface QueueBatchSettings {
  maxSize?: number;
  maxWaitSeconds?: number;
  maxRetries?: number;
  retryDelaySeconds?: number;
}

/** A `queue("<name>")` call of `sdk/queue` with a literal name, checked against `queues/`. */
export interface QueueSendIR {
  file: string;
  queue: string;
  line: number;
  column: number;
}

export interface EmailIR {
  file: string;
  /** Recipient selected by the file name; null for `_default.ts`. */
  recipient: string | null;
}

export interface DurableObjectIR {
  file: string;
  /** Exported class name in the worker, derived from the file name. */
  className: string;
  /** The worker env's binding to its instances, derived from the file name. */
  binding: string;
  /** `export const renamedFrom = "OldName"`: the recorded class whose instances this one takes over. */
  renamedFrom: string | null;
}

export interface WebSocketRouteIR {
  file: string;
  pattern: string;
  segments: Segment[];
  /** `export const renamedFrom = "OldName"`, as for durable objects. */
  renamedFrom: string | null;
}

/** A class the worker exports for durable state: a `durable-objects/` file, a `.ws.ts` route or the sandbox. */
export interface DurableClassIR {
  kind: "state" | "websocket" | "sandbox";
  /** The module that defines it; null for the sandbox, whose class comes from its helper library. */
  file: string | null;
  className: string;
  binding: string;
}

/** One entry of wrangler.json's `migrations`, as the platform reads it. */
export interface DurableMigrationIR {
  tag: string;
  new_sqlite_classes?: string[];
  new_classes?: string[];
  renamed_classes?: { from: string; to: string }[];
  deleted_classes?: string[];
}

export interface DurableStateIR {
  classes: DurableClassIR[];
  /** sdk.lock.json's recorded history, then the migration this build adds (if any). */
  migrations: DurableMigrationIR[];
  /** How many of `migrations` sdk.lock.json already records. */
  recorded: number;
}

export interface JobsIR {
  crons: CronIR[];
  queues: QueueIR[];
  email: EmailIR[];
  durableObjects: DurableObjectIR[];
  websockets: WebSocketRouteIR[];
}

export type BindingKind = "db" | "kv" | "storage" | "ai" | "email" | "sandbox";

export interface BindingIR {
  kind: BindingKind;
  /** Binding name in the worker env (`DB`, `KV`, ...). */
  name: string;
  /** Why it exists: the import that needs it or the config path that asked for it. */
  source: string;
}

/** The app's database: present when the app imports `sdk/db` or checks in migrations (edge only). */
export interface DatabaseIR {
  dialect: "sqlite" | "pg" | "mysql";
  /** The D1 (sqlite) or Hyperdrive (pg, mysql) binding the worker reaches it through. */
  binding: string;
  /** `db/schema.ts` (under sourceDir), project-relative, when it exists. */
  schemaFile: string | null;
  /** Why the app has one: the first `sdk/db` import (`routes/posts.ts:1:20`) or `db/migrations`. */
  source: string;
  /** Set when db/migrations/ was generated for another dialect: its first snapshot that says so. */
  foreignMigrations?: { dialect: "sqlite" | "pg" | "mysql"; snapshot: string };
}

/** Auth (better-auth): present on the edge when an app file imports `sdk/auth`, the config has `auth`, or `auth.ts` exists. */
export interface AuthIR {
  /** `auth.providers`: `email` (email/password) and social providers; `["email"]` without it. */
  providers: string[];
  /** `auth.ts` (under sourceDir), project-relative, when it exists. */
  file: string | null;
  /** Why the app has auth: the first `sdk/auth` import (`routes/me.ts:1:29`), `auth` (the config) or `auth.ts`. */
  source: string;
}

/** Where the sandbox's container image comes from; paths are project-relative, POSIX. */
export type SandboxImageIR =
  /** `buildContext`: `sandbox.imageBuildContext`, or null for the packaged Dockerfile's own folder. */
  | { kind: "packaged"; buildContext: string | null }
  | { kind: "dockerfile"; file: string; buildContext: string }
  | { kind: "registry"; reference: string };

/** The sandbox: present on the edge when the config has `sandbox` or the app imports `sdk/sandbox`. */
export interface SandboxIR {
  binding: string;
  /** The durable-state class the worker exports for it. */
  className: string;
  containerName: string;
  image: SandboxImageIR;
  platformImage: string;
  instanceType: SandboxInstanceType;
  /** Why the app has one: the first `sdk/sandbox` import (`routes/run.ts:1:28`) or `sandbox`. */
  source: string;
}

/** One key of env.ts: its field as declared, and where (located when the source names it literally). */
export interface EnvKeyIR extends EnvKeySpec {
  line?: number;
  column?: number;
}

/** env.ts, present when the app has one: its keys, and the public values this build inlines. */
export interface EnvIR {
  /** Project-relative: `env.ts` or `<sourceDir>/env.ts`. */
  file: string;
  keys: EnvKeyIR[];
  /** Each public key's value, read as its kind, from the build's environment, `worker.vars` or the default; an unset optional key has none. */
  publicValues: Record<string, unknown>;
}

export interface AssetIR {
  /** URL path the asset answers at, always starting with `/`. */
  path: string;
  /** Project-relative source file (`public/logo.svg`); in dist/client it sits at `path` without the leading `/`. */
  file: string;
  size: number;
  /** MIME type with charset for text types. */
  type: string;
  /** Strong ETag, quoted, from the content hash. */
  etag: string;
  /** A client build file with a content-hashed name: served with a year-long cache. */
  immutable?: true;
}

export interface ImportIR {
  /** Importing file, project-relative. */
  file: string;
  specifier: string;
  line: number;
  column: number;
}

/** `inference.appType`: what kind of app this is, set or detected (`appTypeReason` says how). */
export type AppType = "sdk" | "framework" | "static" | "spa";

/** The routing layer, decided at build: what the server runs with and whether it needs one at all. */
export interface RoutingIR {
  runtime: RuntimeRouting;
  /** Why `runtime.notFound` has its value (`sdk inspect`, the generated module's comment). */
  notFoundReason: string;
  /** False when the server needs no routing layer: no rules, no not-found policy, no ISR TTLs. */
  layer: boolean;
  /** True when some path has a revalidate TTL and `isr` is not false: the server caches with ISR. */
  isr: boolean;
}

export interface AppIR {
  version: 1;
  target: Target;
  mode: BuildMode;
  appType: AppType;
  appTypeReason: string;
  /** `sourceDir` as configured ("" when conventions live at the root). */
  sourceDir: string;
  config: SdkConfig;
  routes: RouteIR[];
  middleware: MiddlewareIR[];
  pages: PageIR[];
  /** `pages/404.tsx`: what a browser sees for a path nothing answers; not a route itself. */
  notFoundPage: PageIR | null;
  ui: UiLibraryName | null;
  jobs: JobsIR;
  bindings: BindingIR[];
  database: DatabaseIR | null;
  auth: AuthIR | null;
  sandbox: SandboxIR | null;
  env: EnvIR | null;
  /** The durable-state classes (edge) and their migration history. */
  durableState: DurableStateIR;
  /** Replaced only through replaceAssets (compiler/routing/resolve.ts), which resolves `routing` again. */
  readonly assets: AssetIR[];
  /** `routing` as the server runs it, resolved from the config, the app type and the assets (compiler/routing/resolve.ts). */
  readonly routing: RoutingIR;
  /**
   * Paths the build left for the running app to prerender (build/prerender.ts): their pages read
   * bindings or secrets. Set only through deferPrerender (compiler/routing/resolve.ts).
   */
  readonly deferredPrerender?: readonly string[];
  /** Every import of an `sdk` module in the app's source, for validation and binding inference. */
  sdkImports: ImportIR[];
  /** Every `queue("<name>")` of `sdk/queue` whose name is a literal. */
  queueSends: QueueSendIR[];
  diagnostics: Diagnostic[];
}
