import { test } from "uvu";
import * as assert from "uvu/assert";
import { brief, scanFixture } from "../../helpers/scan-ir.ts";

test("crons: the exported cron/schedule string literal; computed or missing is an error", () => {
  const ir = scanFixture("scan-jobs");
  assert.equal(ir.jobs.crons, [
    { file: "crons/cleanup.ts", schedule: "0 3 * * *" },
    { file: "crons/computed.ts", schedule: null },
    { file: "crons/missing.ts", schedule: null },
    { file: "crons/report.ts", schedule: "*/15 * * * *" },
  ]);
  assert.ok(ir.diagnostics.some((d) => brief(d) === "error SDK_CRON_NO_SCHEDULE crons/missing.ts:1:1"));
  const computed = ir.diagnostics.find((d) => d.code === "SDK_CRON_SCHEDULE_NOT_LITERAL");
  assert.is(brief(computed!), "error SDK_CRON_SCHEDULE_NOT_LITERAL crons/computed.ts:4:21");
  assert.match(computed!.hint!, /export const cron = "0 4 \* \* \*"/);
});

test("queues, email (with _default) and durable objects", () => {
  const ir = scanFixture("scan-jobs");
  assert.equal(ir.jobs.queues, [{ file: "queues/emails.ts", queue: "emails", batch: {} }]);
  assert.equal(ir.jobs.email, [
    { file: "email/_default.ts", recipient: null },
    { file: "email/support.ts", recipient: "support" },
  ]);
  assert.equal(ir.jobs.durableObjects, [
    { file: "durable-objects/chat-room.ts", className: "ChatRoom", binding: "CHAT_ROOM", renamedFrom: null },
    { file: "durable-objects/counter.ts", className: "Counter", binding: "COUNTER", renamedFrom: null },
  ]);
  assert.ok(ir.diagnostics.some((d) => brief(d) === "error SDK_JOB_NO_DEFAULT queues/bad.ts:1:1"));
  assert.is(ir.diagnostics.length, 3);
});

test("pages: patterns, groups, layouts outermost first, server files, markdown", () => {
  const ir = scanFixture("scan-pages");
  assert.equal(
    ir.pages.map((p) => [p.pattern, p.file, p.kind, p.serverFile, p.layouts.join(" > ")]),
    [
      ["/", "pages/index.tsx", "component", null, "pages/layout.tsx"],
      ["/about", "pages/about.tsx", "component", "pages/about.server.ts", "pages/layout.tsx"],
      ["/blog/hello", "pages/blog/hello.md", "markdown", null, "pages/layout.tsx > pages/blog/layout.tsx"],
      ["/blog/:slug", "pages/blog/[slug].tsx", "component", null, "pages/layout.tsx > pages/blog/layout.tsx"],
      ["/docs/*path", "pages/docs/[...path].tsx", "component", null, "pages/layout.tsx"],
      ["/pricing", "pages/(marketing)/pricing.tsx", "component", null, "pages/layout.tsx > pages/(marketing)/layout.tsx"],
    ],
  );
  assert.equal(ir.diagnostics.map(brief), ["error SDK_ROUTE_BAD_NAME pages/bad/[x.tsx:-:-"]);
});

test.run();
