/**
 * The loader's data reaches a page as its props. Vue hands a component only the props it
 * declares; the rest fall through as attributes of its root element. A page typed with
 * `defineProps<InferProps<typeof loader>>()` declares nothing Vue's compiler can see (TypeScript
 * computes that type from the loader's code, and the compile step marks it `@vue-ignore`), so the
 * page is shown as a copy of its component that also declares the keys the loader returned.
 * Copies are kept per set of keys: the same page with the same keys is the same component, and
 * stays mounted from one navigation to the next.
 */
import { camelize, type Component, type ComponentOptions } from "vue";

const copies = new WeakMap<ComponentOptions, Map<string, ComponentOptions>>();
/** Each component's declared props, read once: a page is shown with every request. */
const declaredOf = new WeakMap<ComponentOptions, Record<string, unknown>>();

/** `component`, or a copy of it whose props include every name in `names`. */
export function withPropsDeclared(component: Component, names: readonly string[]): Component {
  // A functional component without declared props receives every prop already.
  if (typeof component === "function") return component;
  let declared = declaredOf.get(component);
  if (!declared) declaredOf.set(component, (declared = declaredProps(component)));
  const missing = names.filter((name) => !Object.hasOwn(declared, camelize(name))).sort();
  if (missing.length === 0) return component;
  const key = missing.join("\n");
  let byKeys = copies.get(component);
  if (!byKeys) copies.set(component, (byKeys = new Map()));
  let copy = byKeys.get(key);
  if (!copy) {
    // `null`: any type; loader data is JSON and needs no casting.
    copy = { ...component, props: { ...declared, ...Object.fromEntries(missing.map((name) => [name, null])) } };
    byKeys.set(key, copy);
  }
  return copy;
}

/** The component's own `props` option as an object, keyed by camelCase names as Vue keys them. */
function declaredProps(component: ComponentOptions): Record<string, unknown> {
  const { props } = component;
  if (!props) return {};
  if (Array.isArray(props)) return Object.fromEntries(props.map((name: string) => [camelize(name), null]));
  return Object.fromEntries(Object.entries(props as Record<string, unknown>).map(([name, option]) => [camelize(name), option]));
}
