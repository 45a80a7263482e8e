/**
 * `sdk/config`: what an app's `sdk.config.ts` imports. It is bundled into every user config, so
 * it imports nothing at run time; the lists below are the single source for the JSON Schema too.
 */

export const AUTH_PROVIDERS = [
  "email", "apple", "atlassian", "cognito", "discord", "dropbox", "facebook", "figma", "github",
  "gitlab", "google", "huggingface", "kakao", "kick", "line", "linear", "linkedin", "microsoft",
  "naver", "notion", "paybin", "paypal", "polar", "railway", "reddit", "roblox", "salesforce",
  "slack", "spotify", "tiktok", "twitch", "twitter", "vercel", "vk", "zoom",
] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const DATABASES = ["pg", "mysql"] as const;
export type Database = (typeof DATABASES)[number];

export const OUTPUTS = ["server", "static"] as const;
export type Output = (typeof OUTPUTS)[number];

export const CONFIG_TARGETS = ["edge", "node", "bun", "deno"] as const;
export type ConfigTarget = (typeof CONFIG_TARGETS)[number];

export const SANDBOX_INSTANCE_TYPES = ["lite", "standard-1", "standard-2", "standard-3", "standard-4"] as const;
export type SandboxInstanceType = (typeof SANDBOX_INSTANCE_TYPES)[number];

export const DEPLOY_MODES = ["staged", "atomic"] as const;
export type DeployMode = (typeof DEPLOY_MODES)[number];

export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export const NOT_FOUND_MODES = ["single-page-application", "404-page", "none"] as const;
export type NotFoundMode = (typeof NOT_FOUND_MODES)[number];

export const APP_TYPES = ["sdk", "framework", "static", "spa"] as const;
export type AppType = (typeof APP_TYPES)[number];

export const CPU_MS_MIN = 1;
export const CPU_MS_MAX = 300_000;

/** A routing key: a URL pattern starting with `/`, or `*` for every path. */
export type RoutePattern = `/${string}` | "*";

/**
 * The app's typed route patterns. Generated types may add keys through declaration merging so
 * rewrite destinations autocomplete; any other string stays allowed.
 */
export interface RouteRegistry {}
export type RouteDestination = keyof RouteRegistry | (string & {});

/** `Name: value`, one header per string. */
export type HeaderLine = `${string}: ${string}`;

export interface AiConfig {
  /** Edge AI gateway used by `ai.provider().fetch()` on the developer's own account. */
  gateway?: string;
}

export interface AuthConfig {
  /** Built-in providers enabled by default; include `email` for email/password. */
  providers?: AuthProvider[];
}

export interface EmailConfig {
  /** Default sender: `Name <addr@host>` or `addr@host`. */
  from?: string;
}

export type HeadMeta = Record<string, string>;
export type HeadLink = Record<string, string>;
export type HeadScript = Record<string, string | boolean>;

export interface HeadConfig {
  title?: string;
  /** `%s` is replaced by the page title. */
  titleTemplate?: string;
  meta?: HeadMeta[];
  link?: HeadLink[];
  script?: HeadScript[];
  htmlAttrs?: Record<string, string>;
  bodyAttrs?: Record<string, string>;
}

export interface SandboxConfig {
  /** Default `SANDBOX`. */
  binding?: string;
  /** Default `SandboxV1`. */
  className?: string;
  /** Default `sdk-sandbox-v1`. */
  containerName?: string;
  /** Dockerfile path or digest-pinned registry image; default: the packaged Node.js Dockerfile. */
  image?: string;
  /** Default: the directory of `image`. */
  imageBuildContext?: string;
  /** Default `edge/debian-trixie`. */
  platformImage?: string;
  /** Default `lite`. */
  instanceType?: SandboxInstanceType;
}

export interface WorkerLimits {
  /** CPU milliseconds per request, an integer from 1 to 300000. */
  cpu_ms?: number;
}

export interface WorkerConfig {
  /** `YYYY-MM-DD`; pinned by `sdk init`. */
  compatibility_date?: `${number}-${number}-${number}`;
  compatibility_flags?: string[];
  /** Plain-text worker variables; every value is a string. */
  vars?: Record<string, string>;
  limits?: WorkerLimits;
}

export interface DeployConfig {
  edge?: {
    /** Default `staged`. */
    mode?: DeployMode;
  };
}

export interface RedirectTarget {
  /** Destination; `:splat` carries the wildcard match. */
  to: string;
  /** Default 302. */
  status?: RedirectStatus;
}

export interface RoutingConfig {
  headers?: Partial<Record<RoutePattern, HeaderLine[]>>;
  /** A string destination redirects with status 302. */
  redirects?: Partial<Record<RoutePattern, string | RedirectTarget>>;
  rewrites?: Partial<Record<RoutePattern, RouteDestination>>;
  /** Like rewrites, but only when no asset or route matched. */
  fallbacks?: Partial<Record<RoutePattern, RouteDestination>>;
  /** `false` disables ISR and edge prerendering for the whole app. */
  isr?: boolean;
  /** ISR revalidation TTL in seconds, globally (`*`) or per path. */
  revalidate?: Partial<Record<RoutePattern, number>>;
  /** Query parameter names kept in ISR cache keys. */
  revalidateQueryAllowlist?: Partial<Record<RoutePattern, string[]>>;
  /** Paths prerendered at deploy time. */
  prerender?: `/${string}`[];
  notFound?: NotFoundMode;
}

export interface InferenceBindings {
  /** `true`: default name `DB`; `false`: disabled; a string: custom binding name. */
  db?: boolean | string;
  kv?: boolean | string;
  storage?: boolean | string;
  ai?: boolean | string;
  /** Enables email and the local inbox without importing `sdk/email`. */
  email?: boolean;
}

export interface InferenceConfig {
  bindings?: InferenceBindings;
  /** Build command, run through a shell from the project root. */
  build?: string;
  /** Directories (relative to the project root) scanned for binding inference. */
  scanDirs?: string[];
  appType?: AppType;
  /** Static deploy output, relative to the project root; default `dist`. */
  outputDir?: string;
}

export interface SdkConfig {
  /** Directory (relative to the project root) that holds the source conventions. */
  sourceDir?: string;
  ai?: AiConfig;
  auth?: AuthConfig;
  /** Omitted: the managed SQLite-based database. */
  database?: Database;
  email?: EmailConfig;
  head?: HeadConfig;
  /** Default `server`. */
  output?: Output;
  /** Use the deployed project's DB, KV and STORAGE in local development. */
  remote?: boolean;
  sandbox?: SandboxConfig;
  /** Default `edge`. */
  target?: ConfigTarget;
  worker?: WorkerConfig;
  /** Full edge-platform worker config, passed through as-is. */
  edge?: Record<string, unknown>;
  deploy?: DeployConfig;
  routing?: RoutingConfig;
  inference?: InferenceConfig;
}

/** Returns `config` unchanged; it exists so editors type-check `sdk.config.ts`. */
export function defineConfig(config: SdkConfig): SdkConfig {
  return config;
}
