import { test } from "uvu";
import * as assert from "uvu/assert";
import { createPayloadJson, type PagePayloadConstants } from "../../../runtime/pages/payload-json.ts";
import { escapeForScript } from "../../../runtime/pages/serialize.ts";
import type { PagePayload } from "../../../runtime/pages/types.ts";

const sharedHead = { title: "Shop", meta: [{ name: "description", content: "Things" }] };
const constants: PagePayloadConstants = { version: "v1", page: "pages/blog/[slug].tsx", layouts: ["pages/layout.tsx"], ssr: true, sharedHead };
const props = { post: { title: "Hello", tags: ["a", "b"] } };

/** A payload in the page renderer's order of fields; `fields` replaces params, head or action. */
function payloadOf(fields: Partial<Pick<PagePayload, "params" | "head" | "action">> = {}, from: PagePayloadConstants = constants): PagePayload {
  const { version, page, layouts, frontmatter, ssr, sharedHead } = from;
  const { params = { slug: "hello" }, head = sharedHead, action } = fields;
  return { version, page, layouts, props, params, head, ...(frontmatter === undefined ? {} : { frontmatter }), ...(action === undefined ? {} : { action }), ssr };
}

/** What JSON.stringify writes for the payload, with `props` moved last. */
function expected({ props: payloadProps, ...rest }: PagePayload): string {
  return JSON.stringify({ ...rest, props: payloadProps });
}

test("the payload's JSON is JSON.stringify's, props last, for the shared head and for a request's own", () => {
  const write = createPayloadJson(constants);
  for (const payload of [payloadOf(), payloadOf({ head: { title: "Hello - Shop" } }), payloadOf({ head: { ...sharedHead } }), payloadOf({ params: {} })]) {
    assert.is(write(payload, JSON.stringify(payload.props)), expected(payload));
  }
});

test("frontmatter and an action are written where JSON.stringify writes them, and left out when undefined", () => {
  const markdown = { ...constants, frontmatter: { title: "Notes", draft: false } };
  const write = createPayloadJson(markdown);
  const withAction = payloadOf({ action: { status: 422, errors: { email: "required" } } }, markdown);
  assert.is(write(withAction, JSON.stringify(props)), expected(withAction));
  const plain = payloadOf({}, markdown);
  assert.is(write(plain, JSON.stringify(props)), expected(plain));
  assert.not.match(createPayloadJson(constants)(payloadOf(), "{}"), /frontmatter|action/);
});

test("escaping reaches every part: constants, params, head, action and props", () => {
  const hostile = "</script><!--\u2028\u2029&>";
  const hostileConstants = { ...constants, page: `pages/${hostile}.tsx`, frontmatter: { note: hostile }, sharedHead: { title: hostile } };
  const write = createPayloadJson(hostileConstants, escapeForScript);
  for (const payload of [
    payloadOf({ params: { slug: hostile }, action: { status: 200, data: hostile } }, hostileConstants),
    payloadOf({ head: { title: `${hostile}!` } }, hostileConstants),
  ]) {
    const json = write(payload, escapeForScript(JSON.stringify({ text: hostile })));
    assert.not.match(json, /[<>&\u2028\u2029]/);
    assert.equal(JSON.parse(json), JSON.parse(expected({ ...payload, props: { text: hostile } })));
  }
});

test.run();
