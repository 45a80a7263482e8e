/** The requests log's live stream: each change pushed once as an event, a client that does not read dropped, the number of streams bounded. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Activity } from "../../../../cli/dev/dashboard/activity.ts";
import { MAX_PENDING_BYTES, MAX_STREAMS, requestStreams, type StreamResponse } from "../../../../cli/dev/dashboard/request-stream.ts";

/** A response that keeps what is written; `unread` stands for bytes the client has not taken. */
function response() {
  const fake = {
    status: 0,
    written: [] as string[],
    ended: false,
    destroyed: false,
    unread: 0,
    onClose: [] as (() => void)[],
    writeHead(status: number) {
      fake.status = status;
      return fake;
    },
    write(chunk: string) {
      fake.written.push(chunk);
      return true;
    },
    end() {
      fake.ended = true;
      return fake;
    },
    destroy() {
      fake.destroyed = true;
      return fake;
    },
    get writableLength() {
      return fake.unread;
    },
    once(event: string, listener: () => void) {
      if (event === "close") fake.onClose.push(listener);
      return fake;
    },
  };
  return fake;
}

const url = (query = "") => new URL(`http://localhost/__sdk/api/requests/stream${query}`);
const events = (written: string[]) => written.filter((chunk) => chunk.startsWith("id: ")).map((chunk) => JSON.parse(chunk.split("\ndata: ")[1]!) as { version: number; requests: { path: string; status: number | null }[] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

test("the log so far, then each change, with the version as the event's id", async () => {
  const activity = new Activity("/app");
  activity.begin("GET", "/before", null, []);
  const streams = requestStreams(activity);
  const res = response();
  streams.open({ headers: {} }, res as unknown as StreamResponse, url());
  assert.is(res.status, 200);
  const entry = activity.begin("POST", "/after", null, []);
  activity.finish(entry, 201, 3);
  await settle();
  assert.equal(events(res.written).map((event) => event.requests.map((request) => [request.path, request.status])), [[["/before", null]], [["/after", 201]]], "changes close together are one event");
  const reconnected = response();
  streams.open({ headers: { "last-event-id": String(events(res.written)[0]!.version) } }, reconnected as unknown as StreamResponse, url());
  assert.equal(events(reconnected.written)[0]!.requests.map((request) => request.path), ["/after"], "from Last-Event-ID on");
  streams.closeAll();
  assert.ok(res.ended && reconnected.ended);
  assert.is(streams.size, 0);
});

test("a client that leaves more than MAX_PENDING_BYTES unread is dropped, and no longer listened to", async () => {
  const activity = new Activity("/app");
  const streams = requestStreams(activity);
  const res = response();
  streams.open({ headers: {} }, res as unknown as StreamResponse, url());
  res.unread = MAX_PENDING_BYTES + 1;
  activity.begin("GET", "/x", null, []);
  await settle();
  assert.ok(res.destroyed, "dropped");
  assert.is(streams.size, 0);
  const before = res.written.length;
  activity.begin("GET", "/y", null, []);
  await settle();
  assert.is(res.written.length, before, "nothing more is written to it");
});

test("a closed connection stops its stream; at most MAX_STREAMS at once", () => {
  const streams = requestStreams(new Activity("/app"));
  const opened = Array.from({ length: MAX_STREAMS }, () => response());
  for (const res of opened) streams.open({ headers: {} }, res as unknown as StreamResponse, url());
  const refused = response();
  streams.open({ headers: {} }, refused as unknown as StreamResponse, url());
  assert.is(refused.status, 503);
  opened[0]!.onClose.forEach((listener) => listener());
  assert.is(streams.size, MAX_STREAMS - 1);
  const admitted = response();
  streams.open({ headers: {} }, admitted as unknown as StreamResponse, url());
  assert.is(admitted.status, 200);
  streams.closeAll();
});

test.run();
