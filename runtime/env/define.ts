/**
 * `defineEnv()` and its field builders: what env.ts default-exports. Part of `sdk`, which every
 * target can import, so env.ts type-checks and is evaluated at build the same way everywhere; the
 * values themselves come from `sdk/env` (the edge) and `import.meta.env.PUBLIC_*` (any code).
 * Builders only record the declaration: the compiler checks it (names, defaults) with locations.
 */

export type EnvKind = "string" | "number" | "boolean" | "url" | "email" | "oneOf" | "json";

/** A field as declared, JSON data: what the build serializes into the worker. */
export interface EnvFieldSpec {
  kind: EnvKind;
  /** `oneOf`: the allowed values. */
  values?: readonly string[];
  /** `.optional()`: unset reads as `undefined` instead of failing. */
  optional: boolean;
  /** `.default(value)`: used when unset; present only when given. */
  default?: unknown;
}

/** Type-level only: the value a field reads as. */
declare const valueType: unique symbol;

export interface EnvField<T> {
  readonly spec: EnvFieldSpec;
  readonly [valueType]?: T;
  /** Unset reads as `undefined`. */
  optional(): EnvField<T | undefined>;
  /** Unset reads as `value`, which must be of the field's kind (`env.number().default(3000)`). */
  default(value: Exclude<T, undefined>): EnvField<Exclude<T, undefined>>;
}

function field<T>(spec: EnvFieldSpec): EnvField<T> {
  return {
    spec,
    optional: () => field<T | undefined>({ ...spec, optional: true }),
    default: (value) => field<Exclude<T, undefined>>({ ...spec, default: value }),
  };
}

const required = (kind: EnvKind) => ({ kind, optional: false });

/** The field builders of env.ts: `env.url()`, `env.number().default(3000)`, `env.oneOf(["a", "b"]).optional()`. */
export const env = {
  string: () => field<string>(required("string")),
  /** Read with `Number()`: `"3000"`, `"1.5"`, `"-2"`; anything else is an error. */
  number: () => field<number>(required("number")),
  /** `true`, `false`, `1` or `0` (any case). */
  boolean: () => field<boolean>(required("boolean")),
  /** Any absolute URL (`https:`, `postgres:`, ...), read as the string given. */
  url: () => field<string>(required("url")),
  email: () => field<string>(required("email")),
  oneOf: <const V extends readonly [string, ...string[]]>(values: V) => field<V[number]>({ ...required("oneOf"), values }),
  /** Parsed with `JSON.parse`; the type parameter says what the value holds (it is not checked). */
  json: <T = unknown>() => field<T>(required("json")),
};

export type EnvFields = Record<string, EnvField<unknown>>;

export interface EnvDefinition<Server extends EnvFields = EnvFields, Public extends EnvFields = EnvFields> {
  readonly kind: "env";
  /** Read by server code only, through `sdk/env`; never part of a browser bundle. */
  readonly server: Server;
  /** Named `PUBLIC_*`: fixed at build and readable anywhere, page code in the browser included. */
  readonly public: Public;
}

export function defineEnv<Server extends EnvFields = {}, Public extends EnvFields = {}>(definition: { server?: Server; public?: Public }): EnvDefinition<Server, Public> {
  return { kind: "env", server: definition.server ?? ({} as Server), public: definition.public ?? ({} as Public) };
}

/** The values a set of fields reads as: `{ readonly PORT: number; readonly MODE: "a" | "b" | undefined }`. */
export type EnvValues<Fields> = { readonly [Name in keyof Fields]: Fields[Name] extends EnvField<infer T> ? T : never };

export type ServerEnvOf<Definition> = Definition extends EnvDefinition<infer Server, infer _Public> ? EnvValues<Server> : {};
export type PublicEnvOf<Definition> = Definition extends EnvDefinition<infer _Server, infer Public> ? EnvValues<Public> : {};
