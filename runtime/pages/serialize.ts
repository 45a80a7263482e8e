/**
 * Page data as JSON: checked to be JSON data first, so a value that JSON.stringify would drop or
 * mangle silently (a function, a Map) is an error naming where it is, not a page that renders
 * on the server and breaks in the browser.
 */

export interface CheckedJson {
  json: string;
  /**
   * Reading `json` back gives the value itself (plain objects and arrays, finite numbers, no
   * `toJSON`, no undefined members), so a caller may use the value and skip the JSON.parse.
   */
  plain: boolean;
}

/** JSON.stringify for data that must survive the trip; throws naming the path of the first value that is not JSON data. */
export function checkJsonData(value: unknown, name = "value"): CheckedJson {
  // Loader data is nearly always plain, and confirming that without building paths or tracking
  // ancestors costs a fraction of the full walk; only other data is walked again, to name the
  // first problem (or to find that it is JSON data after all).
  const plain = isPlainJson(value, 0) || assertJsonData(value, name, new Set());
  return { json: JSON.stringify(value) ?? "null", plain };
}

export function stringifyJsonData(value: unknown, name = "value"): string {
  return checkJsonData(value, name).json;
}

/**
 * JSON text made safe inside `<script type="application/json">`. `<`, `>` and `&` are escaped so
 * neither `</script>` nor `<!--` in the data can end or change the script element, and
 * U+2028/U+2029 so the text stays valid if a reader evaluates it as JavaScript. Inside JSON these
 * characters can only occur in strings, where `\uXXXX` means the same character.
 */
export function escapeForScript(json: string): string {
  if (!UNSAFE_CHARACTERS.some((char) => json.includes(char))) return json;
  return json.replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
/**
 * The same characters, for the common case of data with none of them: a search for one character
 * is a memchr, and five of those cost a twentieth of one pass of the regular expression.
 */
const UNSAFE_CHARACTERS = ["<", ">", "&", "\u2028", "\u2029"];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Deeper than any data a page shows; past it the full walk takes over, which is how a cycle
 * among plain objects ends this one.
 */
const PLAIN_DEPTH_LIMIT = 1000;

/**
 * Whether the value is exactly what JSON reads back, answered without throwing: true only where
 * assertJsonData would also answer true, false for anything it would refuse or call not plain.
 */
function isPlainJson(value: unknown, depth: number): boolean {
  if (typeof value !== "object" || value === null) return isPlainLeaf(value);
  if (depth === PLAIN_DEPTH_LIMIT || typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  // Strings, most of what page data holds, are answered without a call: over the SSR figure's 50
  // items the walk then took about a third less time on Bun and a fifth less on Deno (Node.js 20:
  // no difference measurable).
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const member: unknown = value[index];
      if (typeof member !== "string" && !isPlainMember(member, depth)) return false;
    }
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  // for-in without hasOwn (no allocation, no call per key): it can only add what an enumerable
  // property on Object.prototype inherits, which makes the answer false, never wrongly true.
  for (const key in value) {
    const member = (value as Record<string, unknown>)[key];
    if (typeof member !== "string" && !isPlainMember(member, depth)) return false;
  }
  return true;
}

function isPlainMember(member: unknown, depth: number): boolean {
  return typeof member === "object" && member !== null ? isPlainJson(member, depth + 1) : isPlainLeaf(member);
}

/** A string, a boolean, null or a finite number other than -0: written and read back as itself. */
function isPlainLeaf(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    default:
      return value === null;
  }
}

/** Throws for what is not JSON data; answers whether the value already is exactly what JSON reads back. */
function assertJsonData(value: unknown, path: string, ancestors: Set<object>): boolean {
  const json = toJsonValue(value);
  let plain = json === value;
  switch (typeof json) {
    case "function":
      throw notJson(path, "a function");
    case "bigint":
      throw notJson(path, "a bigint");
    case "symbol":
      throw notJson(path, "a symbol");
    case "number":
      return plain && Number.isFinite(json) && !Object.is(json, -0);
    case "object":
      if (json === null) return plain;
      break;
    default:
      return plain;
  }
  if (json instanceof Map || json instanceof Set) throw notJson(path, `a ${json.constructor.name} (it would arrive as {})`);
  if (typeof (json as { then?: unknown }).then === "function") throw notJson(path, "a promise (only a loader's top-level props may be promises: those stream to the page)");
  if (ancestors.has(json)) throw notJson(path, "a reference to one of its own parents (a cycle)");
  ancestors.add(json);
  if (Array.isArray(json)) {
    for (let index = 0; index < json.length; index++) {
      const item: unknown = json[index];
      plain = assertJsonData(item, `${path}[${index}]`, ancestors) && item !== undefined && plain;
    }
  } else {
    const prototype = Object.getPrototypeOf(json);
    plain &&= prototype === Object.prototype || prototype === null;
    for (const key in json) {
      if (!Object.hasOwn(json, key)) continue;
      const item: unknown = (json as Record<string, unknown>)[key];
      if (item === undefined) plain = false;
      else plain = assertJsonData(item, childPath(path, key), ancestors) && plain;
    }
  }
  ancestors.delete(json);
  return plain;
}

/** What JSON.stringify would write for `value`: its `toJSON()` result when it has one (a Date). */
function toJsonValue(value: unknown): unknown {
  const toJSON = (value as { toJSON?: unknown } | null | undefined)?.toJSON;
  return typeof toJSON === "function" ? toJSON.call(value) : value;
}

function childPath(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function notJson(path: string, what: string): TypeError {
  return new TypeError(`${path} is ${what}, which is not JSON data; page data must survive JSON.stringify unchanged`);
}
