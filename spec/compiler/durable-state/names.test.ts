import { test } from "uvu";
import * as assert from "uvu/assert";
import { durableStateNames, webSocketClassNames } from "../../../compiler/durable-state/names.ts";

test("durable-objects/ files: class and binding from the file name", () => {
  assert.equal(durableStateNames("shopping-cart"), { className: "ShoppingCart", binding: "SHOPPING_CART" });
  assert.equal(durableStateNames("rate_limiter"), { className: "RateLimiter", binding: "RATE_LIMITER" });
  assert.equal(durableStateNames("myCounter"), { className: "MyCounter", binding: "MY_COUNTER" });
  assert.equal(durableStateNames("v2.store"), { className: "V2Store", binding: "V2_STORE" });
});

test(".ws.ts routes: the words of the route's path, without index, brackets and groups", () => {
  assert.equal(webSocketClassNames({ file: "routes/chat/[room].ws.ts" }), { className: "ChatRoomWebSocket", binding: "WS_CHAT_ROOM" });
  assert.equal(webSocketClassNames({ file: "src/routes/index.ws.ts" }), { className: "RootWebSocket", binding: "WS_ROOT" });
  assert.equal(webSocketClassNames({ file: "routes/(app)/live/[...path].ws.ts" }), { className: "LivePathWebSocket", binding: "WS_LIVE_PATH" });
  assert.equal(webSocketClassNames({ file: "routes/chat.ws.dev.ts" }), { className: "ChatWebSocket", binding: "WS_CHAT" });
  assert.equal(webSocketClassNames({ file: "routes/chat.dev.ws.ts" }), { className: "ChatWebSocket", binding: "WS_CHAT" });
});

test.run();
