/**
 * Which room an upgrade goes to, and how the worker tells the room. The room's name is the route
 * pattern with the parameters filled in, each encoded, so two sets of parameters never share a
 * name (`/chat/a%2Fb` is not `/chat/a/b`) and one set always has the same name, however the URL
 * spelled it. The room reads it from a header the worker sets, since after hibernation it has
 * no other way to know which parameters it was created for.
 */
import type { RoomInfo } from "./define.js";

export const ROOM_HEADER = "x-sdk-websocket-room";

/** `/chat/:room` with `{ room: "lobby" }` -> `/chat/lobby`; a catch-all (`:path{.+}`) keeps its slashes. */
export function roomName(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const catchAll = segment.endsWith("}");
      const value = params[segment.slice(1).replace(/\{.*\}$/, "")] ?? "";
      return catchAll ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value);
    })
    .join("/");
}

/** Header values are Latin-1: parameters in any script travel percent-encoded. */
export function encodeRoomHeader(room: RoomInfo): string {
  return encodeURIComponent(JSON.stringify(room));
}

export function decodeRoomHeader(value: string | null): RoomInfo | null {
  if (value === null) return null;
  try {
    const room = JSON.parse(decodeURIComponent(value)) as Partial<RoomInfo>;
    return typeof room.name === "string" && typeof room.params === "object" && room.params !== null ? (room as RoomInfo) : null;
  } catch {
    return null;
  }
}
