/**
 * `connect()` from `sdk/ws` against a fake WebSocket class the test drives: the URL it opens, the
 * buffer while not connected, JSON both ways, reconnects with backoff and an explicit close.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { reconnectDelay, RECONNECT_DEFAULTS } from "../../../runtime/ws/backoff.ts";
import { connect, type CloseInfo, type WebSocketLike } from "../../../runtime/ws/index.ts";
import { waitFor } from "../../helpers/wait-for.ts";

type Listener = (event: never) => void;

/** Records what it is asked to do; the test opens, delivers and closes. */
class FakeWebSocket implements WebSocketLike {
  static made: FakeWebSocket[] = [];
  readyState = 0;
  binaryType = "blob";
  readonly sent: unknown[] = [];
  closedWith: [number | undefined, string | undefined] | null = null;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    FakeWebSocket.made.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  send(frame: unknown): void {
    if (this.readyState !== 1) throw new Error("sent before open");
    this.sent.push(frame);
  }

  /** Like a browser: the close event follows. */
  close(code?: number, reason?: string): void {
    this.closedWith = [code, reason];
    this.serverClosed(code ?? 1005, reason ?? "", true);
  }

  serverOpened(): void {
    this.readyState = 1;
    this.dispatch("open", {});
  }

  serverSent(data: unknown): void {
    this.dispatch("message", { data });
  }

  serverClosed(code: number, reason = "", wasClean = false): void {
    this.readyState = 3;
    this.dispatch("close", { code, reason, wasClean });
  }

  private dispatch(type: string, event: object): void {
    for (const listener of this.listeners.get(type) ?? []) (listener as (event: object) => void)(event);
  }
}

const latest = () => FakeWebSocket.made.at(-1)!;
const FAST = { initialDelayMs: 1, maxDelayMs: 2 };

test.before.each(() => {
  FakeWebSocket.made = [];
});

test("a path opens ws: against an http base and wss: against an https base; a full URL keeps its host", () => {
  connect("/chat/lobby", { baseUrl: "http://localhost:8787", WebSocket: FakeWebSocket }).close();
  connect("/chat/lobby?name=ada", { baseUrl: "https://example.com/app/", WebSocket: FakeWebSocket }).close();
  connect("https://other.example/socket", { WebSocket: FakeWebSocket }).close();
  connect("ws://127.0.0.1:9/x", { WebSocket: FakeWebSocket, protocols: ["chat"] }).close();
  assert.equal(
    FakeWebSocket.made.map((socket) => socket.url),
    ["ws://localhost:8787/chat/lobby", "wss://example.com/app/chat/lobby?name=ada", "wss://other.example/socket", "ws://127.0.0.1:9/x"],
  );
  assert.equal(FakeWebSocket.made[3]!.protocols, ["chat"]);
  assert.is(FakeWebSocket.made[0]!.binaryType, "arraybuffer");
});

test("in a browser a path resolves against the page: https pages connect over wss", () => {
  const global = globalThis as { location?: { href: string } };
  global.location = { href: "https://app.example/rooms/index.html" };
  try {
    connect("/chat/lobby", { WebSocket: FakeWebSocket }).close();
    connect("chat/side", { WebSocket: FakeWebSocket }).close();
  } finally {
    delete global.location;
  }
  assert.equal(FakeWebSocket.made.map((socket) => socket.url), ["wss://app.example/chat/lobby", "wss://app.example/rooms/chat/side"]);
});

test("outside a browser a path without baseUrl, a non-web URL and a runtime without WebSocket are clear errors", () => {
  assert.throws(() => connect("/chat/lobby", { WebSocket: FakeWebSocket }), /outside a browser, pass baseUrl/);
  assert.throws(() => connect("ftp://example.com/x", { WebSocket: FakeWebSocket }), /use an http\(s\) or ws\(s\) URL/);
  const global = globalThis as { WebSocket?: unknown };
  const saved = global.WebSocket;
  delete global.WebSocket;
  try {
    assert.throws(() => connect("ws://localhost/x"), /no global WebSocket: pass one/);
  } finally {
    if (saved !== undefined) global.WebSocket = saved;
  }
});

test("messages sent while connecting wait and go out in order on open; JSON is encoded, strings go as they are", () => {
  const connection = connect<unknown, unknown>("ws://localhost/room", { WebSocket: FakeWebSocket });
  assert.is(connection.state, "connecting");
  assert.is(connection.connected, false);
  assert.ok(connection.send({ type: "hello", n: 1 }));
  assert.ok(connection.send("plain text"));
  assert.ok(connection.send([1, 2]));
  assert.equal(latest().sent, []);
  latest().serverOpened();
  assert.is(connection.state, "open");
  assert.ok(connection.connected);
  connection.send({ after: true });
  const bytes = new Uint8Array([1, 2, 3]);
  connection.send(bytes);
  assert.equal(latest().sent, ['{"type":"hello","n":1}', "plain text", "[1,2]", '{"after":true}', bytes]);
  assert.throws(() => connection.send(undefined), /cannot send undefined/);
  connection.close();
});

test("incoming text that is JSON is parsed, other text stays a string, binary stays an ArrayBuffer", () => {
  const connection = connect("ws://localhost/room", { WebSocket: FakeWebSocket });
  const received: unknown[] = [];
  connection.on("message", (message) => received.push(message));
  latest().serverOpened();
  const buffer = new ArrayBuffer(2);
  latest().serverSent('{"type":"joined","who":"ada"}');
  latest().serverSent("not json");
  latest().serverSent("42");
  latest().serverSent(buffer);
  assert.equal(received, [{ type: "joined", who: "ada" }, "not json", 42, buffer]);
  connection.close();
});

test("an unexpected close reconnects; what is sent meanwhile is buffered and flushed in order on the new socket", async () => {
  const connection = connect("ws://localhost/room", { WebSocket: FakeWebSocket, reconnect: FAST });
  const events: string[] = [];
  connection.on("open", () => events.push("open"));
  connection.on("close", (info: CloseInfo) => events.push(`close ${info.code} reconnecting=${info.reconnecting}`));
  const first = latest();
  first.serverOpened();
  connection.send("before");
  first.serverClosed(1006);
  assert.is(connection.state, "reconnecting");
  connection.send({ n: 1 });
  connection.send({ n: 2 });
  const second = await waitFor("a second socket", async () => (FakeWebSocket.made.length === 2 ? latest() : undefined));
  assert.is(second.url, first.url);
  assert.equal(second.sent, []);
  second.serverOpened();
  assert.equal(first.sent, ["before"]);
  assert.equal(second.sent, ['{"n":1}', '{"n":2}']);
  assert.equal(events, ["open", "close 1006 reconnecting=true", "open"]);
  connection.close();
});

test("failed attempts back off, doubling from the initial delay up to the maximum, with jitter", () => {
  const options = { ...RECONNECT_DEFAULTS, initialDelayMs: 100, maxDelayMs: 1000 };
  assert.equal([0, 1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, options, 0.999999)), [100, 200, 400, 800, 1000, 1000]);
  assert.equal([0, 1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, options, 0)), [50, 100, 200, 400, 500, 500]);
  assert.is(reconnectDelay(1, options, 0.5), 150);
});

test("attempts stop after maxAttempts failures in a row; a successful open starts the count again", async () => {
  const connection = connect("ws://localhost/room", { WebSocket: FakeWebSocket, reconnect: { ...FAST, maxAttempts: 2 } });
  const closes: CloseInfo[] = [];
  connection.on("close", (info) => closes.push(info));
  latest().serverOpened();
  latest().serverClosed(1001);
  await waitFor("attempt 1", async () => (FakeWebSocket.made.length === 2 ? true : undefined));
  latest().serverClosed(1006);
  await waitFor("attempt 2", async () => (FakeWebSocket.made.length === 3 ? true : undefined));
  latest().serverOpened();
  latest().serverClosed(1006);
  await waitFor("attempt 1 after the open", async () => (FakeWebSocket.made.length === 4 ? true : undefined));
  latest().serverClosed(1006);
  await waitFor("attempt 2 after the open", async () => (FakeWebSocket.made.length === 5 ? true : undefined));
  latest().serverClosed(1006);
  assert.equal(closes.map((info) => info.reconnecting), [true, true, true, true, false]);
  assert.is(connection.state, "closed");
  assert.is(connection.send("late"), false);
});

test("a close code the app chose (4000-4999), such as a room turning the client away, is not retried", () => {
  const connection = connect("ws://localhost/room", { WebSocket: FakeWebSocket, reconnect: FAST });
  const closes: CloseInfo[] = [];
  connection.on("close", (info) => closes.push(info));
  latest().serverOpened();
  latest().serverClosed(4001, "name required", true);
  assert.equal(closes, [{ code: 4001, reason: "name required", wasClean: true, reconnecting: false }]);
  assert.is(connection.state, "closed");
  assert.is(FakeWebSocket.made.length, 1);
});

test("reconnect: false leaves a lost connection lost", () => {
  const connection = connect("ws://localhost/room", { WebSocket: FakeWebSocket, reconnect: false });
  latest().serverOpened();
  latest().serverClosed(1006);
  assert.is(connection.state, "closed");
  assert.is(FakeWebSocket.made.length, 1);
});

test("close() closes the socket with its code and stops reconnecting, also while waiting to reconnect", async () => {
  const connection = connect("ws://localhost/room", { WebSocket: FakeWebSocket, reconnect: { initialDelayMs: 10, maxDelayMs: 10 } });
  const closes: CloseInfo[] = [];
  connection.on("close", (info) => closes.push(info));
  latest().serverOpened();
  latest().serverClosed(1006);
  assert.is(connection.state, "reconnecting");
  connection.send("dropped");
  connection.close(1000, "bye");
  assert.is(connection.state, "closed");
  assert.equal(closes.at(-1), { code: 1000, reason: "bye", wasClean: true, reconnecting: false });
  // An absence has nothing to wait for: give the scheduled attempt's timer (10 ms) time to fire.
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.is(FakeWebSocket.made.length, 1);

  const open = connect("ws://localhost/room", { WebSocket: FakeWebSocket, reconnect: FAST });
  latest().serverOpened();
  open.close(4000, "done");
  assert.equal(latest().closedWith, [4000, "done"]);
  assert.is(open.send("after close"), false);
  assert.is(FakeWebSocket.made.length, 2);
});

test("the buffer is bounded: send returns false once it holds maxBufferedMessages", () => {
  const connection = connect("ws://localhost/room", { WebSocket: FakeWebSocket, maxBufferedMessages: 2 });
  assert.equal([connection.send(1), connection.send(2), connection.send(3)], [true, true, false]);
  latest().serverOpened();
  assert.equal(latest().sent, ["1", "2"]);
  connection.close();
});

test("on() returns an unsubscribe; a listener that throws does not keep the others from running", async () => {
  const connection = connect("ws://localhost/room", { WebSocket: FakeWebSocket });
  const seen: unknown[] = [];
  const unsubscribe = connection.on("message", (message) => seen.push(["first", message]));
  const unsubscribeThrowing = connection.on("message", () => {
    throw new Error("listener failed");
  });
  connection.on("message", (message) => seen.push(["last", message]));
  const reported = new Promise<unknown>((resolve) => process.once("uncaughtException", resolve));
  latest().serverOpened();
  latest().serverSent("a");
  assert.equal(seen, [["first", "a"], ["last", "a"]]);
  // Reported as an EventTarget reports a throwing listener: as an uncaught error.
  assert.match(String(await reported), /listener failed/);
  unsubscribe();
  unsubscribeThrowing();
  latest().serverSent("b");
  assert.equal(seen, [["first", "a"], ["last", "a"], ["last", "b"]]);
  connection.close();
});

test.run();
