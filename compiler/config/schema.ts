/**
 * The JSON Schema of `sdk.config.ts`, checked at build time (ajv) and again by the emitted app
 * (a standalone validator). Patterns carry a `description` naming the rule and `examples`, which
 * the diagnostics quote, so no rule text lives apart from its rule. No `format`, no `anyOf`: the
 * standalone validator stays import-free and each wrong value yields one error.
 */
import {
  APP_TYPES,
  AUTH_PROVIDERS,
  CONFIG_TARGETS,
  CPU_MS_MAX,
  CPU_MS_MIN,
  DATABASES,
  DEPLOY_MODES,
  NOT_FOUND_MODES,
  OUTPUTS,
  REDIRECT_STATUSES,
  SANDBOX_INSTANCE_TYPES,
} from "./define.js";

type Schema = Record<string, unknown>;

const string: Schema = { type: "string" };
/** A pattern rather than `minLength`, whose check needs an ajv runtime import when standalone. */
const nonEmptyString: Schema = {
  type: "string",
  pattern: "\\S",
  description: "a non-empty string",
};
const boolean: Schema = { type: "boolean" };
const stringArray: Schema = { type: "array", items: string };

function object(properties: Record<string, Schema>, extra: Schema = {}): Schema {
  return { type: "object", properties, additionalProperties: false, ...extra };
}

function enumOf(values: readonly (string | number)[]): Schema {
  return { enum: [...values] };
}

/** Header names are RFC 9110 tokens; values may not break the line. */
const HEADER_LINE = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[ \\t]*[^\\r\\n \\t][^\\r\\n]*$";
const ADDRESS = "[^\\s<>@\"]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)+";
const EMAIL_FROM = `^(?:${ADDRESS}|[^<>\\r\\n]*[^<>\\s] <${ADDRESS}>)$`;
const DATE = "^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$";
/** Not absolute (POSIX or Windows), no `..` segment anywhere. */
const RELATIVE_PATH = "^(?![/\\\\])(?![A-Za-z]:)(?!(?:.*[/\\\\])?\\.\\.(?:[/\\\\]|$)).+$";
const ROUTE_PATTERN = "^(?:/.*|\\*)$";
const BINDING_NAME = "^[A-Za-z_][A-Za-z0-9_]*$";
const SANDBOX_BINDING = "^[A-Z_][A-Z0-9_]*$";
/** The worker exports the class under this name, so words JavaScript reserves cannot be one. */
const RESERVED_WORDS = [
  "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
  "enum", "export", "extends", "false", "finally", "for", "function", "if", "implements", "import", "in",
  "instanceof", "interface", "let", "new", "null", "package", "private", "protected", "public", "return",
  "static", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield",
];
const CLASS_NAME = `^(?!(?:${RESERVED_WORDS.join("|")})$)[A-Za-z_$][A-Za-z0-9_$]*$`;
const CONTAINER_NAME = "^(?=.{1,63}$)[a-z0-9]+(?:-[a-z0-9]+)*$";

function relativePath(example: string): Schema {
  return {
    type: "string",
    pattern: RELATIVE_PATH,
    description: 'a path relative to the project root (no leading "/", no ".." segment)',
    examples: [example],
  };
}

/** A record keyed by routing patterns (`/path` or `*`). */
function routeRecord(values: Schema): Schema {
  return {
    type: "object",
    propertyNames: {
      type: "string",
      pattern: ROUTE_PATTERN,
      description: 'a URL pattern starting with "/", or "*"',
      examples: ["/api/*"],
    },
    additionalProperties: values,
  };
}

const bindingToggle: Schema = {
  type: ["boolean", "string"],
  pattern: BINDING_NAME,
  description: "true, false or a binding name (letters, digits, _; not starting with a digit)",
  examples: ["MY_DB"],
};

const redirect: Schema = {
  // Properties apply only to objects and pattern only to strings: one shape check, no anyOf.
  type: ["string", "object"],
  pattern: "\\S",
  description: "a non-empty destination, or an object { to, status? }",
  examples: ["/new"],
  properties: { to: nonEmptyString, status: enumOf(REDIRECT_STATUSES) },
  required: ["to"],
  additionalProperties: false,
};

const tagList = (values: Schema): Schema => ({
  type: "array",
  items: { type: "object", additionalProperties: values },
});

export const configSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "sdk.config.ts",
  ...object({
    sourceDir: relativePath("src"),
    ai: object({ gateway: nonEmptyString }),
    auth: object({
      providers: { type: "array", items: { type: "string", ...enumOf(AUTH_PROVIDERS) }, uniqueItems: true },
    }),
    database: enumOf(DATABASES),
    email: object({
      from: {
        type: "string",
        pattern: EMAIL_FROM,
        description: 'one address, "Name <addr@host>" or "addr@host"',
        examples: ["Acme <hello@acme.dev>"],
      },
    }),
    head: object({
      title: string,
      titleTemplate: string,
      meta: tagList(string),
      link: tagList(string),
      script: tagList({ type: ["string", "boolean"] }),
      htmlAttrs: { type: "object", additionalProperties: string },
      bodyAttrs: { type: "object", additionalProperties: string },
    }),
    output: enumOf(OUTPUTS),
    remote: boolean,
    sandbox: object({
      binding: {
        type: "string",
        pattern: SANDBOX_BINDING,
        description: "a binding name of uppercase letters, digits and _, not starting with a digit",
        examples: ["SANDBOX"],
      },
      className: {
        type: "string",
        pattern: CLASS_NAME,
        description: "a JavaScript class name (letters, digits, _ and $, not starting with a digit, not a reserved word)",
        examples: ["SandboxV1"],
      },
      containerName: {
        type: "string",
        pattern: CONTAINER_NAME,
        description: "a container name of lowercase letters, digits and single dashes, at most 63 characters",
        examples: ["sdk-sandbox-v1"],
      },
      image: nonEmptyString,
      imageBuildContext: nonEmptyString,
      platformImage: nonEmptyString,
      instanceType: enumOf(SANDBOX_INSTANCE_TYPES),
    }),
    target: enumOf(CONFIG_TARGETS),
    worker: object({
      compatibility_date: {
        type: "string",
        pattern: DATE,
        description: "a date YYYY-MM-DD",
        examples: ["2025-01-01"],
      },
      compatibility_flags: stringArray,
      vars: { type: "object", additionalProperties: string },
      limits: object({ cpu_ms: { type: "integer", minimum: CPU_MS_MIN, maximum: CPU_MS_MAX } }),
    }),
    edge: { type: "object" },
    deploy: object({ edge: object({ mode: enumOf(DEPLOY_MODES) }) }),
    routing: object({
      headers: routeRecord({
        type: "array",
        items: {
          type: "string",
          pattern: HEADER_LINE,
          description: 'a header line "Name: value" with no line breaks',
          examples: ["X-Frame-Options: DENY"],
        },
      }),
      redirects: routeRecord(redirect),
      rewrites: routeRecord(nonEmptyString),
      fallbacks: routeRecord(nonEmptyString),
      isr: boolean,
      revalidate: routeRecord({ type: "integer", minimum: 0 }),
      revalidateQueryAllowlist: routeRecord(stringArray),
      prerender: {
        type: "array",
        items: { type: "string", pattern: "^/", description: 'a path starting with "/"', examples: ["/about"] },
      },
      notFound: enumOf(NOT_FOUND_MODES),
    }),
    inference: object({
      bindings: object({
        db: bindingToggle,
        kv: bindingToggle,
        storage: bindingToggle,
        ai: bindingToggle,
        email: boolean,
      }),
      build: nonEmptyString,
      scanDirs: { type: "array", items: relativePath("src") },
      appType: enumOf(APP_TYPES),
      outputDir: relativePath("dist"),
    }),
  }),
} as const;
