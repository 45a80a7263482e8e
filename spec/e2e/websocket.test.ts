/**
 * WebSocket rooms as users run them: the fixture built for the edge and served by `sdk preview`
 * in workerd, reached through `connect()` from `sdk/ws` over undici's WebSocket (Node.js 20 has
 * no global one). Each `routes/chat/[room].ws.ts` room is a durable object instance per `room`
 * parameter: clients in one room hear its broadcasts, a client in another room does not.
 */
import { request as httpRequest } from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { WebSocket } from "undici";
import { connect, type CloseInfo, type WebSocketConnection } from "../../runtime/ws/index.ts";
import { buildFixture, startBuilt } from "../helpers/e2e/targets.ts";
import type { RunningServer } from "../helpers/spawn-server.ts";
import { waitFor } from "../helpers/wait-for.ts";

const root = buildFixture("e2e-websocket", "edge");
// One workerd for the file: each test uses rooms of its own.
let server: RunningServer;
test.before(async () => {
  server = await startBuilt(root, "edge");
});
test.after(async () => {
  await server.stop();
});

type Message = { type: string; [key: string]: unknown };

/** A client and everything it has received, in order. */
interface Client {
  connection: WebSocketConnection<Message, unknown>;
  received: Message[];
  closes: CloseInfo[];
  /** Waits for a message matching `fields` that arrived after the first `after` messages. */
  next(fields: Partial<Message>, after?: number): Promise<Message>;
}

function join(path: string): Client {
  const connection = connect<Message, unknown>(path, { baseUrl: server.url, WebSocket, reconnect: false });
  const received: Message[] = [];
  const closes: CloseInfo[] = [];
  connection.on("message", (message) => received.push(message));
  connection.on("close", (info) => closes.push(info));
  const matches = (message: Message, fields: Partial<Message>) => Object.entries(fields).every(([key, value]) => JSON.stringify(message[key]) === JSON.stringify(value));
  return {
    connection,
    received,
    closes,
    next: (fields, after = 0) =>
      waitFor(`${path} to receive ${JSON.stringify(fields)} (got ${JSON.stringify(received)})`, async () => received.slice(after).find((message) => matches(message, fields))),
  };
}

async function closeAll(clients: Client[]): Promise<void> {
  for (const client of clients) client.connection.close();
  await waitFor("every client to be closed", async () => (clients.every((client) => client.closes.length > 0) ? true : undefined));
}

test("wrangler.json binds the route's durable-state class, and the worker exports it", () => {
  const wrangler = JSON.parse(readFileSync(path.join(root, "dist", "server", "wrangler.json"), "utf8"));
  assert.equal(wrangler.durable_objects.bindings, [{ name: "WS_CHAT_ROOM", class_name: "ChatRoomWebSocket" }]);
  assert.ok(
    wrangler.migrations.some((migration: { new_sqlite_classes?: string[] }) => migration.new_sqlite_classes?.includes("ChatRoomWebSocket")),
    JSON.stringify(wrangler.migrations),
  );
});

test("two clients in one room hear its broadcasts; a client in another room does not", async () => {
  const ada = join("/chat/lobby?name=ada");
  const welcome = await ada.next({ type: "welcome" });
  assert.equal(welcome, { type: "welcome", room: "lobby", name: "ada", here: [], cookie: null });
  const bob = join("/chat/lobby?name=bob");
  assert.equal((await bob.next({ type: "welcome" })).here, ["ada"]);
  await ada.next({ type: "joined", name: "bob" });
  const carol = join("/chat/kitchen?name=carol");
  assert.equal((await carol.next({ type: "welcome" })).here, []);

  ada.connection.send({ type: "say", text: "hello lobby" });
  const said = { type: "said", room: "/chat/lobby", from: "ada", text: "hello lobby" };
  assert.equal(await bob.next({ type: "said" }), said);
  assert.equal(await ada.next({ type: "said" }), said);

  // Carol's own round trip comes after the lobby's broadcast had reached the lobby.
  carol.connection.send({ type: "say", text: "hello kitchen" });
  await carol.next({ type: "said", from: "carol" });
  assert.equal(carol.received.map((message) => message.type), ["welcome", "said"]);
  assert.not.ok(bob.received.some((message) => message.from === "carol"));
  await closeAll([ada, bob, carol]);
});

test("JSON both ways, text that is not JSON stays text; a hook that throws is logged with the file and the room lives on", async () => {
  const ada = join("/chat/json?name=ada");
  await ada.next({ type: "welcome" });
  ada.connection.send("just text");
  assert.equal(await ada.next({ type: "text" }), { type: "text", text: "just text" });
  ada.connection.send({ type: "crash" });
  ada.connection.send({ type: "say", text: "still here" });
  await ada.next({ type: "said", text: "still here" });
  assert.ok(ada.connection.connected);
  await waitFor("the hook's error in the log", async () => (/\[sdk\] routes\/chat\/\[room\]\.ws\.ts message threw: Error: ada asked for a crash/.test(server.output()) ? true : undefined));
  await closeAll([ada]);
});

test("close runs when a client leaves, with its code and reason; connect turns a client away with a code", async () => {
  const ada = join("/chat/farewell?name=ada");
  const bob = join("/chat/farewell?name=bob");
  await ada.next({ type: "welcome" });
  await bob.next({ type: "welcome" });
  ada.connection.close(4000, "bye");
  assert.equal(await bob.next({ type: "left" }), { type: "left", name: "ada", code: 4000, reason: "bye" });
  await waitFor("ada's close", async () => ada.closes[0]);
  assert.equal(ada.closes[0], { code: 4000, reason: "bye", wasClean: true, reconnecting: false });

  const nameless = join("/chat/farewell");
  const refused = await waitFor("the refusal", async () => nameless.closes[0]);
  assert.equal([refused.code, refused.reason], [4001, "name required"]);
  assert.is(nameless.connection.state, "closed");
  // A client turned away never joined: nobody hears it leave.
  bob.connection.send({ type: "say", text: "anyone?" });
  await bob.next({ type: "said", text: "anyone?" });
  assert.equal(bob.received.filter((message) => message.type === "left").length, 1);
  await closeAll([bob]);
});

test("the upgrade is an ordinary route: middleware runs first and stamps the 101; a plain GET gets 426", async () => {
  const plain = await fetch(`${server.url}/chat/stamp`);
  assert.is(plain.status, 426);
  assert.is(plain.headers.get("x-stamp"), "middleware");
  const blocked = await fetch(`${server.url}/chat/stamp?blocked=1`);
  assert.is(blocked.status, 403);
  const stamp = await new Promise<string | undefined>((resolve, reject) => {
    const upgrade = httpRequest(`${server.url}/chat/stamp?name=ada`, {
      headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" },
    });
    upgrade.on("upgrade", (response, socket) => {
      socket.destroy();
      resolve(response.headers["x-stamp"] as string | undefined);
    });
    upgrade.on("response", (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
    upgrade.on("error", reject);
    upgrade.end();
  });
  assert.is(stamp, "middleware");
});

test.run();
