/**
 * Which of a page's actions a POST runs. A form names an action with a valueless query key
 * (`action="?update"`); only pages with named `actions` read it, so a query flag on a page with
 * just a default `action` (`/items?edit`) is left alone.
 */
import type { Handler } from "../index.js";
import type { ServerModule } from "./types.js";

export type ActionSelection =
  | { readonly handler: Handler<unknown>; /** The query key that chose it; absent for the default action. */ readonly name?: string }
  | { readonly error: string };

export function selectAction(server: ServerModule, query: URLSearchParams): ActionSelection {
  const { action, actions } = server;
  if (actions === undefined) return action === undefined ? { error: "This page has no action" } : { handler: action };
  const name = actionName(query);
  if (name === undefined) {
    return action === undefined ? { error: `This page has only named actions: ${describe(actions)}` } : { handler: action };
  }
  // Own keys only: `?constructor` must not find Object.prototype's.
  if (Object.hasOwn(actions, name)) return { handler: actions[name]!, name };
  const known = describe(actions) + (action === undefined ? "" : " and a default action (no selector)");
  return { error: `This page has no action named "${name}"; it has ${known}` };
}

/** The first query key with an empty value: `?update`, `?x=1&update`. */
function actionName(query: URLSearchParams): string | undefined {
  for (const [key, value] of query) if (value === "") return key;
  return undefined;
}

function describe(actions: Readonly<Record<string, unknown>>): string {
  return Object.keys(actions).map((name) => `?${name}`).join(", ");
}
