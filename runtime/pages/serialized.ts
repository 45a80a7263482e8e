/**
 * The type a value has after `JSON.stringify` then `JSON.parse`: what a loader's return value is
 * when it reaches the page, on the server render and after a client navigation alike, so props
 * are typed as the page receives them rather than as the loader wrote them.
 */

/** Values JSON leaves out of objects and turns into null inside arrays. */
type Unserializable = undefined | symbol | ((...args: never[]) => unknown);

export type Serialized<T> =
  // any and unknown say nothing about the value, so neither does their serialized form.
  unknown extends T ? T
  : T extends string | number | boolean | null ? T
  // A loader's top-level promise streams to the page, which receives a promise of its value.
  : T extends PromiseLike<infer Value> ? Promise<Serialized<Value>>
  : T extends { toJSON(...args: never[]): infer Json } ? Serialized<Json>
  : T extends Unserializable ? undefined
  // JSON.stringify throws on a bigint: no value of this type arrives.
  : T extends bigint ? never
  // A Map's or a Set's entries are not own enumerable properties: both arrive as `{}`.
  : T extends ReadonlyMap<unknown, unknown> | ReadonlySet<unknown> ? Record<string, never>
  : T extends readonly unknown[] ? { -readonly [I in keyof T]: SerializedElement<T[I]> }
  : T extends object ? SerializedObject<T>
  : never;

type SerializedElement<T> = T extends Unserializable ? null : Serialized<T>;

/** A property is left out when its value never serializes, optional when it may not. */
type SerializedObject<T> = {
  -readonly [K in keyof T as K extends symbol ? never : Presence<T[K]> extends "required" ? K : never]-?: Serialized<T[K]>;
} & {
  -readonly [K in keyof T as K extends symbol ? never : Presence<T[K]> extends "optional" ? K : never]?: Serialized<Exclude<T[K], Unserializable>>;
} extends infer Merged
  ? { [K in keyof Merged]: Merged[K] }
  : never;

type Presence<V> =
  unknown extends V ? "required"
  : [V] extends [Unserializable] ? "dropped"
  : [Extract<V, Unserializable>] extends [never] ? "required"
  : "optional";
