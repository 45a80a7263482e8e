/**
 * How values travel over a WebSocket, the same way in both directions: the room and `connect()`
 * send a string as text as it is, binary data as a binary frame and anything else as JSON text;
 * on arrival, text that is JSON is parsed and other text stays a string.
 */

/** What `WebSocket.send` takes. */
export type Frame = string | ArrayBuffer | ArrayBufferView<ArrayBuffer>;

export function encodeMessage(value: unknown): Frame {
  if (typeof value === "string" || value instanceof ArrayBuffer) return value;
  if (ArrayBuffer.isView(value)) return value as ArrayBufferView<ArrayBuffer>;
  const json = JSON.stringify(value);
  // JSON.stringify(undefined) and of a function is undefined: nothing a socket can send.
  if (json === undefined) throw new TypeError(`cannot send ${typeof value} over a WebSocket: send a string, binary data or a value JSON can encode`);
  return json;
}

/** Text that parses as JSON becomes its value, other text stays a string, binary data an ArrayBuffer. */
export function decodeMessage(data: string | ArrayBuffer): unknown {
  if (typeof data !== "string") return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}
