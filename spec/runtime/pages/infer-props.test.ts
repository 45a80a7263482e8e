/**
 * InferProps and Serialized are checked by the compiler: `npm run typecheck` fails on any
 * `Expect<Equal<...>>` below that does not hold. The runtime tests check that the types describe
 * what JSON really does to the same values, and what defineHead returns.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { defineHandler, defineHead, type Context, type HeadFunction, type InferProps, type Serialized } from "../../../runtime/index.ts";

/** True only when A and B are the same type (not merely assignable both ways). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

const roundTrip = <T>(value: T) => JSON.parse(JSON.stringify(value)) as Serialized<T>;

// Primitives and null pass through; a Date becomes its toJSON() string.
export type Primitives = [
  Expect<Equal<Serialized<string>, string>>,
  Expect<Equal<Serialized<42>, 42>>,
  Expect<Equal<Serialized<boolean>, boolean>>,
  Expect<Equal<Serialized<null>, null>>,
  Expect<Equal<Serialized<Date>, string>>,
  Expect<Equal<Serialized<string | Date>, string>>,
  Expect<Equal<Serialized<bigint>, never>>,
];

// toJSON decides, recursively.
class Money {
  constructor(readonly cents: number) {}
  toJSON() {
    return { amount: this.cents / 100, at: new Date(0) };
  }
}
export type ToJson = Expect<Equal<Serialized<Money>, { amount: number; at: string }>>;

// Functions, symbols and undefined leave objects; a maybe-undefined property becomes optional;
// readonly goes (JSON.parse builds plain mutable objects); nesting is recursive.
interface Post {
  readonly id: number;
  title: string;
  subtitle?: string;
  draft: string | undefined;
  publishedAt: Date;
  render(): string;
  onSave: () => void;
  secret: symbol;
  nothing: undefined;
  author: { name: string; joined: Date; greet?: () => string };
  [Symbol.iterator]: () => Iterator<string>;
}
export type Objects = Expect<
  Equal<
    Serialized<Post>,
    {
      id: number;
      title: string;
      subtitle?: string;
      draft?: string;
      publishedAt: string;
      author: { name: string; joined: string };
    }
  >
>;

// Arrays and tuples keep their shape; members JSON cannot hold become null.
export type Arrays = [
  Expect<Equal<Serialized<Date[]>, string[]>>,
  Expect<Equal<Serialized<readonly { at: Date }[]>, { at: string }[]>>,
  Expect<Equal<Serialized<[Date, () => void, number]>, [string, null, number]>>,
  Expect<Equal<Serialized<(string | undefined)[]>, (string | null)[]>>,
];

// Maps and Sets arrive empty; records keep their index signature.
export type Collections = [
  Expect<Equal<Serialized<Map<string, number>>, Record<string, never>>>,
  Expect<Equal<Serialized<Set<string>>, Record<string, never>>>,
  Expect<Equal<Serialized<Record<string, Date>>, { [key: string]: string }>>,
];

// any and unknown stay as they are, at the top and inside objects.
export type Unknowns = [
  Expect<Equal<Serialized<unknown>, unknown>>,
  Expect<Equal<Serialized<any>, any>>,
  Expect<Equal<Serialized<{ value: unknown; loose: any }>, { value: unknown; loose: any }>>,
];

// InferProps unwraps the handler and its promise and leaves the Response branch (a redirect) out.
const syncLoader = defineHandler(() => ({ title: "Hello", at: new Date(0) }));
const asyncLoader = defineHandler(async (c) => {
  if (c.req.query("old")) return c.redirect("/new");
  return { posts: [{ slug: "a", tags: new Set(["x"]) }], total: 1, format: (n: number) => `${n}` };
});
const jsonLoader = defineHandler((c) => (c.req.query("raw") ? new Response("raw") : { ok: true as const }));
export type Loaders = [
  Expect<Equal<InferProps<typeof syncLoader>, { title: string; at: string }>>,
  Expect<Equal<InferProps<typeof asyncLoader>, { posts: { slug: string; tags: Record<string, never> }[]; total: number }>>,
  Expect<Equal<InferProps<typeof jsonLoader>, { ok: true }>>,
  Expect<Equal<InferProps<{ fn: () => string }>, never>>,
];

// defineHead types the props it is given.
type Props = InferProps<typeof syncLoader>;
const head = defineHead<Props>((_c, props) => ({ title: props.title, meta: [{ name: "date", content: props.at }] }));
export type Head = Expect<Equal<typeof head, HeadFunction<{ title: string; at: string }>>>;

test("defineHead tags the function and does nothing else", async () => {
  const fn = (_c: Context, props: { title: string }) => ({ title: props.title });
  const tagged = defineHead(fn);
  assert.equal(tagged, { kind: "head", fn });
  assert.equal(await tagged.fn({} as Context, { title: "T" }), { title: "T" });
});

test("the serialized types describe what JSON does to the same values", () => {
  const post = roundTrip({
    id: 1,
    draft: undefined,
    publishedAt: new Date(0),
    onSave: () => undefined,
    list: [new Date(0), () => 1, undefined, 2],
    money: new Money(250),
    tags: new Set(["a"]),
  });
  assert.equal(post, {
    id: 1,
    publishedAt: "1970-01-01T00:00:00.000Z",
    list: ["1970-01-01T00:00:00.000Z", null, null, 2],
    money: { amount: 2.5, at: "1970-01-01T00:00:00.000Z" },
    tags: {},
  });
  assert.ok(!("draft" in post) && !("onSave" in post));
});

test.run();
