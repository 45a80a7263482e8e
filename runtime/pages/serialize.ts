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
  const plain = assertJsonData(value, name, new Set());
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
  return json.replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

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
