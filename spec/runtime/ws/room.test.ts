/**
 * A `*.ws.ts` room's behaviour (runtime/ws/hibernating-room.ts) against a stand-in for workerd's
 * durable-object state. Every event goes to a new HibernatingRoom over the same state, as after
 * hibernation, so whatever the room needs must ride on the sockets' attachments.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { defineWebSocket, type RoomInfo, type RoomStorage, type WebSocketHooks } from "../../../runtime/ws/define.ts";
import { HibernatingRoom, type HibernatableSocket, type RoomState } from "../../../runtime/ws/hibernating-room.ts";

const ROOM: RoomInfo = { name: "/chat/lobby", params: { room: "lobby" } };
const FILE = "routes/chat/[room].ws.ts";

class FakeSocket implements HibernatableSocket {
  readyState = 1;
  /** Accepted through the standard API rather than held by the room. */
  acceptedAlone = false;
  readonly sent: unknown[] = [];
  closedWith: [number | undefined, string | undefined] | null = null;
  private attachment: unknown = null;

  accept(): void {
    this.acceptedAlone = true;
  }

  send(frame: unknown): void {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    this.sent.push(frame);
  }

  close(code?: number, reason?: string): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = [code, reason];
  }

  /** workerd keeps a structured clone, not the object. */
  serializeAttachment(value: unknown): void {
    this.attachment = structuredClone(value);
  }

  deserializeAttachment(): unknown {
    return structuredClone(this.attachment);
  }
}

function fakeState(): RoomState<FakeSocket> & { sockets: FakeSocket[] } {
  const sockets: FakeSocket[] = [];
  const values = new Map<string, unknown>();
  const storage: RoomStorage = {
    get: async <T>(key: string) => values.get(key) as T | undefined,
    put: async (key, value) => void values.set(key, value),
    delete: async (key) => values.delete(key),
    list: async <T>() => new Map([...values]) as Map<string, T>,
  };
  return {
    sockets,
    storage,
    acceptWebSocket: (socket) => void sockets.push(socket),
    getWebSockets: () => sockets.filter((socket) => socket.readyState !== 3),
  };
}

/** A fresh instance per event: nothing survives in memory between two of them. */
function roomFor<Message, Data>(hooks: WebSocketHooks<Message, Data>, state = fakeState(), env: Record<string, unknown> = {}) {
  const definition = defineWebSocket(hooks);
  const woken = () => new HibernatingRoom<FakeSocket>(definition, state, env, FILE);
  return {
    state,
    connect: async (url = "https://app.example/chat/lobby", headers: HeadersInit = {}) => {
      const socket = new FakeSocket();
      await woken().accept(socket, ROOM, new Request(url, { headers }));
      return socket;
    },
    message: (socket: FakeSocket, frame: string | ArrayBuffer) => woken().message(socket, frame),
    close: (socket: FakeSocket, code: number, reason = "") => woken().close(socket, code, reason),
    error: (socket: FakeSocket, error: unknown) => woken().error(socket, error),
  };
}

/** Runs `fn` with console.error captured. */
async function capturingErrors(fn: () => Promise<void>): Promise<string[]> {
  const original = console.error;
  const logged: string[] = [];
  console.error = (...args: unknown[]) => void logged.push(args.map(String).join(" "));
  try {
    await fn();
  } finally {
    console.error = original;
  }
  return logged;
}

test("connect sees the upgrade request and the room; what it returns is socket.data in later events", async () => {
  const seen: unknown[] = [];
  const room = roomFor<{ text: string }, { name: string }>({
    connect(socket, ctx) {
      seen.push([ctx.room, new URL(ctx.request.url).searchParams.get("name"), ctx.request.headers.get("cookie")]);
      socket.send({ type: "welcome", id: socket.id });
      return { name: new URL(ctx.request.url).searchParams.get("name")! };
    },
    message(socket, message) {
      seen.push([socket.data.name, message.text]);
    },
  });
  const ada = await room.connect("https://app.example/chat/lobby?name=ada", { cookie: "session=1" });
  await room.message(ada, JSON.stringify({ text: "hi" }));
  assert.equal(seen, [[ROOM, "ada", "session=1"], ["ada", "hi"]]);
  assert.match(String(ada.sent[0]), /^\{"type":"welcome","id":"[0-9a-f-]{36}"\}$/);
});

test("broadcast reaches every connection in the room, except the ones named; connections() lists them", async () => {
  const room = roomFor<{ text: string }, undefined>({
    message(socket, message, ctx) {
      ctx.broadcast({ from: socket.id, text: message.text, count: ctx.connections().length }, { except: socket });
    },
  });
  const [a, b, c] = [await room.connect(), await room.connect(), await room.connect()];
  await room.message(a, '{"text":"hello"}');
  assert.equal(a.sent, []);
  assert.equal(b.sent, c.sent);
  const received = JSON.parse(String(b.sent[0])) as { from: string; text: string; count: number };
  assert.is(received.text, "hello");
  assert.is(received.count, 3);
});

test("messages arrive parsed when their text is JSON, as text otherwise, binary as an ArrayBuffer", async () => {
  const received: unknown[] = [];
  const room = roomFor({ message: (_socket, message) => void received.push(message) });
  const socket = await room.connect();
  const buffer = new Uint8Array([7]).buffer;
  await room.message(socket, '{"a":[1,2]}');
  await room.message(socket, "hello there");
  await room.message(socket, "true");
  await room.message(socket, buffer);
  assert.equal(received, [{ a: [1, 2] }, "hello there", true, buffer]);
});

test("socket.send encodes as the client decodes: strings as they are, binary as binary, other values as JSON", async () => {
  const bytes = new Uint8Array([1, 2]);
  const room = roomFor({
    connect(socket) {
      socket.send("text");
      socket.send(bytes);
      socket.send({ n: 1 });
      socket.send(null);
    },
  });
  const socket = await room.connect();
  assert.equal(socket.sent, ["text", bytes, '{"n":1}', "null"]);
});

test("socket.data assigned in a hook survives hibernation; a change inside the object is not kept", async () => {
  const counts: unknown[] = [];
  const room = roomFor<unknown, { count: number }>({
    connect: () => ({ count: 0 }),
    message(socket) {
      socket.data = { count: socket.data.count + 1 };
      counts.push(socket.data.count);
    },
  });
  const socket = await room.connect();
  await room.message(socket, "x");
  await room.message(socket, "x");
  assert.equal(counts, [1, 2]);
});

test("connect turns a client away with socket.close(code, reason): it gets what it was sent and the close, and never joins", async () => {
  const room = roomFor<unknown, undefined>({
    connect(socket, ctx) {
      if (new URL(ctx.request.url).searchParams.has("name")) return;
      socket.send({ error: "who are you?" });
      socket.close(4001, "name required");
      assert.throws(() => socket.send("late"), /cannot send to a client connect has closed/);
    },
    message: (_socket, _message, ctx) => ctx.broadcast({ count: ctx.connections().length }),
  });
  const turnedAway = await room.connect("https://app.example/chat/lobby");
  const joined = await room.connect("https://app.example/chat/lobby?name=ada");
  assert.equal(turnedAway.sent, ['{"error":"who are you?"}']);
  assert.equal(turnedAway.closedWith, [4001, "name required"]);
  // Through the standard API: workerd would hold a hibernatable socket's TCP connection open for seconds.
  assert.ok(turnedAway.acceptedAlone);
  assert.equal(room.state.sockets, [joined]);
  assert.not.ok(joined.acceptedAlone);
  await room.message(joined, "x");
  assert.equal(joined.sent, ['{"count":1}']);
});

test("what connect sends reaches the client once it is in the room, before anything else", async () => {
  const room = roomFor({
    connect(socket, ctx) {
      socket.send("welcome");
      ctx.broadcast("someone joined");
    },
  });
  const first = await room.connect();
  const second = await room.connect();
  assert.equal(first.sent, ["welcome", "someone joined"]);
  assert.equal(second.sent, ["welcome"]);
});

test("close runs once the client leaves, with its code and reason, without it among the connections; the close is answered", async () => {
  const events: unknown[] = [];
  const room = roomFor<unknown, { name: string }>({
    connect: (_socket, ctx) => ({ name: new URL(ctx.request.url).searchParams.get("name")! }),
    close(socket, code, reason, ctx) {
      events.push([socket.data.name, code, reason, ctx.connections().map((other) => other.data.name)]);
      ctx.broadcast({ left: socket.data.name });
    },
  });
  const ada = await room.connect("https://app.example/chat/lobby?name=ada");
  const bob = await room.connect("https://app.example/chat/lobby?name=bob");
  await room.close(ada, 1000, "bye");
  assert.equal(events, [["ada", 1000, "bye", ["bob"]]]);
  assert.equal(bob.sent, ['{"left":"ada"}']);
  assert.equal(ada.closedWith, [1000, "bye"]);
  // A code no endpoint may send (1006: the connection dropped) is answered with a normal close.
  await room.close(bob, 1006);
  assert.equal(bob.closedWith, [1000, ""]);
});

test("a hook that throws is logged with the route's file; the room and the connection live on", async () => {
  let calls = 0;
  const room = roomFor({
    message(socket) {
      calls += 1;
      if (calls === 1) throw new Error("boom");
      socket.send("still here");
    },
  });
  const socket = await room.connect();
  const logged = await capturingErrors(async () => {
    await room.message(socket, "first");
    await room.message(socket, "second");
  });
  assert.equal(logged, [`[sdk] ${FILE} message threw: Error: boom`]);
  assert.equal(socket.sent, ["still here"]);
  assert.is(socket.readyState, 1);
});

test("a connect that throws closes that connection with 1011 and is logged; the next client gets in", async () => {
  let first = true;
  const room = roomFor({
    connect() {
      if (first) {
        first = false;
        throw new Error("database down");
      }
    },
    message: (socket) => socket.send("ok"),
  });
  let failed: FakeSocket | undefined;
  const logged = await capturingErrors(async () => {
    failed = await room.connect();
  });
  assert.equal(failed!.closedWith, [1011, "Internal Error"]);
  assert.equal(logged, [`[sdk] ${FILE} connect threw: Error: database down`]);
  const next = await room.connect();
  await room.message(next, "x");
  assert.equal(next.sent, ["ok"]);
});

test("one socket that fails to send does not keep a broadcast from the others", async () => {
  const room = roomFor({ message: (_socket, message, ctx) => ctx.broadcast(message) });
  const [a, b, c] = [await room.connect(), await room.connect(), await room.connect()];
  b.send = () => {
    throw new Error("gone");
  };
  const logged = await capturingErrors(() => room.message(a, "hi"));
  assert.equal(a.sent, ["hi"]);
  assert.equal(c.sent, ["hi"]);
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /broadcast to a connection failed/);
});

test("error runs the error hook for a joined connection, and hooks reach the room's storage and the env", async () => {
  const seen: unknown[] = [];
  const room = roomFor(
    {
      async message(_socket, _message, ctx) {
        await ctx.storage.put("last", "x");
        seen.push(ctx.env.GREETING);
      },
      error: (_socket, error) => void seen.push(String(error)),
    },
    fakeState(),
    { GREETING: "hello" },
  );
  const socket = await room.connect();
  await room.message(socket, "x");
  await room.error(socket, new Error("frame too large"));
  assert.equal(seen, ["hello", "Error: frame too large"]);
  assert.is(await room.state.storage.get("last"), "x");
});

test.run();
