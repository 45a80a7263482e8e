/**
 * A `*.ws.ts` route in the app's route table (runtime/ws/upgrade.ts): the upgrade goes to the
 * instance named by the route parameters, after the middleware, carrying the room to it; other
 * requests get 426. The instance is a fake namespace in the env: Node cannot build a 101, so the
 * fake answers 200 and the test reads what reached it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createApp, type RouteDefinition } from "../../../runtime/app.ts";
import { defineMiddleware } from "../../../runtime/index.ts";
import { decodeRoomHeader, encodeRoomHeader, ROOM_HEADER, roomName } from "../../../runtime/ws/room-address.ts";
import { webSocketUpgrade } from "../../../runtime/ws/upgrade.ts";

const UPGRADE = { upgrade: "websocket", connection: "Upgrade", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", "sec-websocket-version": "13" };

interface Reached {
  instance: string;
  url: string;
  headers: Headers;
}

function fakeNamespace() {
  const reached: Reached[] = [];
  const namespace = {
    idFromName: (name: string) => ({ name }),
    get: (id: { name: string }) => ({
      fetch: async (request: Request) => {
        reached.push({ instance: id.name, url: request.url, headers: request.headers });
        return new Response("accepted", { headers: { "x-from": "room" } });
      },
    }),
  };
  return { namespace, reached };
}

function appWith(routes: RouteDefinition[], middleware = [] as Parameters<typeof createApp>[0]["middleware"]) {
  return createApp({ production: true, middleware, routes });
}

const chat: RouteDefinition = { pattern: "/chat/:room", file: "routes/chat/[room].ws.ts", handlers: { GET: webSocketUpgrade("WS_CHAT_ROOM") } };

test("a request that is not an upgrade gets 426 Upgrade Required; another method 405 with Allow: GET, HEAD", async () => {
  const { namespace, reached } = fakeNamespace();
  const app = appWith([chat]);
  const plain = await app.request("/chat/lobby", {}, { WS_CHAT_ROOM: namespace });
  assert.is(plain.status, 426);
  assert.is(plain.headers.get("upgrade"), "websocket");
  assert.equal(await plain.json(), { error: "Upgrade Required" });
  const post = await app.request("/chat/lobby", { method: "POST", headers: UPGRADE }, { WS_CHAT_ROOM: namespace });
  assert.is(post.status, 405);
  assert.is(post.headers.get("allow"), "GET, HEAD");
  assert.equal(reached, []);
});

test("an upgrade reaches the instance its parameters name, with the request and the room", async () => {
  const { namespace, reached } = fakeNamespace();
  const app = appWith([chat]);
  const response = await app.request("/chat/lobby?name=ada", { headers: { ...UPGRADE, cookie: "session=1" } }, { WS_CHAT_ROOM: namespace });
  assert.is(response.status, 200);
  assert.is(await response.text(), "accepted");
  assert.is(reached.length, 1);
  const [{ instance, url, headers }] = reached as [Reached];
  assert.is(instance, "/chat/lobby");
  assert.is(url, "http://localhost/chat/lobby?name=ada");
  assert.is(headers.get("cookie"), "session=1");
  assert.is(headers.get("upgrade"), "websocket");
  assert.equal(decodeRoomHeader(headers.get(ROOM_HEADER)), { name: "/chat/lobby", params: { room: "lobby" } });
});

test("one set of parameters is one room however the URL spells it; other parameters another room", async () => {
  const { namespace, reached } = fakeNamespace();
  const app = appWith([chat]);
  for (const path of ["/chat/lobby", "/chat/lob%62y", "/chat/kitchen", "/chat/a%2Fb", "/chat/caf%C3%A9"]) {
    await app.request(path, { headers: UPGRADE }, { WS_CHAT_ROOM: namespace });
  }
  assert.equal(
    reached.map((r) => r.instance),
    ["/chat/lobby", "/chat/lobby", "/chat/kitchen", "/chat/a%2Fb", "/chat/caf%C3%A9"],
  );
  assert.equal(decodeRoomHeader(reached[4]!.headers.get(ROOM_HEADER))?.params, { room: "café" });
});

test("a client cannot choose its room by sending the room header itself", async () => {
  const { namespace, reached } = fakeNamespace();
  const forged = encodeRoomHeader({ name: "/chat/admin", params: { room: "admin" } });
  await appWith([chat]).request("/chat/lobby", { headers: { ...UPGRADE, [ROOM_HEADER]: forged } }, { WS_CHAT_ROOM: namespace });
  assert.is(reached[0]!.instance, "/chat/lobby");
  assert.equal(decodeRoomHeader(reached[0]!.headers.get(ROOM_HEADER))?.params, { room: "lobby" });
});

test("middleware runs first: it may answer instead, or add headers to the room's answer", async () => {
  const { namespace, reached } = fakeNamespace();
  const auth = defineMiddleware(async (c, next) => {
    if (c.req.query("token") !== "secret") return c.json({ error: "Unauthorized" }, 401);
    await next();
    c.header("x-checked", "yes");
  });
  const app = appWith([chat], [{ file: "middleware/01.auth.ts", middleware: auth }]);
  const refused = await app.request("/chat/lobby", { headers: UPGRADE }, { WS_CHAT_ROOM: namespace });
  assert.is(refused.status, 401);
  assert.equal(reached, []);
  const admitted = await app.request("/chat/lobby?token=secret", { headers: UPGRADE }, { WS_CHAT_ROOM: namespace });
  assert.is(admitted.status, 200);
  assert.is(admitted.headers.get("x-checked"), "yes");
  assert.is(admitted.headers.get("x-from"), "room");
});

test("room names: parameters filled in and encoded; a catch-all keeps its slashes", () => {
  assert.is(roomName("/chat/:room", { room: "lobby" }), "/chat/lobby");
  assert.is(roomName("/games/:game/teams/:team", { game: "g 1", team: "red" }), "/games/g%201/teams/red");
  assert.is(roomName("/docs/:path{.+}", { path: "a/b c/d" }), "/docs/a/b%20c/d");
  assert.is(roomName("/", {}), "/");
});

test("the room header carries any parameters as Latin-1 and rejects what the worker did not write", () => {
  const room = { name: "/chat/%E6%97%A5", params: { room: "日" } };
  const header = encodeRoomHeader(room);
  assert.ok(/^[\x20-\x7e]+$/.test(header));
  assert.equal(decodeRoomHeader(header), room);
  assert.is(decodeRoomHeader(null), null);
  assert.is(decodeRoomHeader("%7Bnot json"), null);
  assert.is(decodeRoomHeader(encodeURIComponent('{"name":1}')), null);
});

test.run();
