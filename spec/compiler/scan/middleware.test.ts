import { test } from "uvu";
import * as assert from "uvu/assert";
import type { MiddlewareIR } from "../../../compiler/ir.ts";
import { compareMiddleware, orderAndName } from "../../../compiler/scan/middleware.ts";
import { scanFixture } from "../../helpers/scan-ir.ts";

const scan = (name: string) => scanFixture(name);

test("numeric prefix ascending (2 before 10), then unprefixed by name; `_` files and non-modules skipped", () => {
  const ir = scan("scan-middleware");
  assert.equal(ir.middleware, [
    { file: "middleware/01.first.ts", order: 1, name: "first" },
    { file: "middleware/2.second.ts", order: 2, name: "second" },
    { file: "middleware/10.late.ts", order: 10, name: "late" },
    { file: "middleware/auth.ts", order: null, name: "auth" },
    { file: "middleware/cors.ts", order: null, name: "cors" },
  ]);
  assert.equal(ir.diagnostics, []);
});

test("prefix forms", () => {
  assert.equal(orderAndName("01.auth"), { order: 1, name: "auth" });
  assert.equal(orderAndName("02-log"), { order: 2, name: "log" });
  assert.equal(orderAndName("3_rate"), { order: 3, name: "rate" });
  assert.equal(orderAndName("cors"), { order: null, name: "cors" });
  assert.equal(orderAndName("404"), { order: null, name: "404" });
});

test("sorting does not depend on input order", () => {
  const items: MiddlewareIR[] = [
    { file: "middleware/b.ts", order: null, name: "b" },
    { file: "middleware/10.x.ts", order: 10, name: "x" },
    { file: "middleware/a.ts", order: null, name: "a" },
    { file: "middleware/2.y.ts", order: 2, name: "y" },
  ];
  const expected = ["middleware/2.y.ts", "middleware/10.x.ts", "middleware/a.ts", "middleware/b.ts"];
  assert.equal([...items].sort(compareMiddleware).map((m) => m.file), expected);
  assert.equal([...items].reverse().sort(compareMiddleware).map((m) => m.file), expected);
});

test("a file without `export default defineMiddleware(...)` is a located error", () => {
  const ir = scan("scan-middleware-errors");
  assert.equal(
    ir.diagnostics.map((d) => [d.code, d.file, d.line, d.column]),
    [
      ["SDK_MIDDLEWARE_NO_DEFAULT", "middleware/01.named.ts", 1, 1],
      ["SDK_MIDDLEWARE_NO_DEFAULT", "middleware/02.plain.ts", 2, 1],
    ],
  );
  assert.ok(ir.diagnostics[1].message.includes("defineMiddleware"));
  assert.ok(ir.diagnostics[0].hint?.includes("export default defineMiddleware"));
  assert.equal(ir.middleware.map((m) => m.file), ["middleware/03.indirect.ts"]);
});

test.run();
