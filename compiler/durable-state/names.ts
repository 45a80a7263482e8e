/**
 * The names a durable-state class goes by: the class the worker exports and the binding the
 * worker reaches its instances through. Both come from the file, so renaming a file renames the
 * class, which the migration history then has to account for (see plan.ts).
 */
import type { WebSocketRouteIR } from "../ir.js";

export interface DurableClassNames {
  className: string;
  binding: string;
}

/** `shopping-cart` -> `ShoppingCart` / `SHOPPING_CART`; `rate_limiter` -> `RateLimiter` / `RATE_LIMITER`. */
export function durableStateNames(stem: string): DurableClassNames {
  const words = wordsOf(stem);
  return { className: pascal(words), binding: screaming(words) };
}

/**
 * `routes/chat/[room].ws.ts` -> `ChatRoomWebSocket` / `WS_CHAT_ROOM`: the words of the route's
 * path, without `index`, brackets, dots and the `.ws`/`.dev`/`.prod` suffixes (a mode's file is
 * the same room as the plain one); the root route is `Root`.
 */
export function webSocketClassNames(ws: Pick<WebSocketRouteIR, "file">): DurableClassNames {
  const routePath = ws.file.replace(/^.*?routes\//, "").replace(/(\.(dev|prod|ws))*\.[cm]?[jt]sx?$/, "");
  const words = routePath
    .split("/")
    .filter((segment) => segment !== "index" && !/^\(.*\)$/.test(segment))
    .flatMap(wordsOf);
  const named = words.length ? words : ["root"];
  return { className: `${pascal(named)}WebSocket`, binding: `WS_${screaming(named)}` };
}

/** `myCounter` -> [my, counter]; `chat-room` -> [chat, room]; `[...path]` -> [path]. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

function pascal(words: readonly string[]): string {
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

function screaming(words: readonly string[]): string {
  return words.map((word) => word.toUpperCase()).join("_");
}
