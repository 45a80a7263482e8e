/** Calls an event handler prop in either form Solid's JSX accepts: a function, or `[handler, data]`. */
import type { JSX } from "solid-js";

export function callHandler<Target, E extends Event>(
  handler: JSX.EventHandlerUnion<Target, E> | undefined,
  event: E & { currentTarget: Target; target: Element },
): void {
  if (typeof handler === "function") handler(event);
  else if (handler) handler[0](handler[1], event);
}
