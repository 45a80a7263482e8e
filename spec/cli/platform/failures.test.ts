/** The platform's refusals as coded user errors: bad token, missing permission, no answer, anything else. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PlatformApiError } from "../../../cli/platform/api.ts";
import { callPlatform, platformFailure } from "../../../cli/platform/failures.ts";

const codeOf = (cause: unknown) => (platformFailure(cause, "listing workers") as { diagnostics: { code: string; message: string }[] }).diagnostics[0];

test("each refusal gets its code, and the message says what was being done", () => {
  assert.is(codeOf(new PlatformApiError("GET", "/accounts", 403, [{ code: 1000, message: "Invalid API Token" }])).code, "SDK_TOKEN_REJECTED");
  assert.is(codeOf(new PlatformApiError("GET", "/accounts", 401, [])).code, "SDK_TOKEN_REJECTED");
  assert.is(codeOf(new PlatformApiError("GET", "/accounts", 403, [{ code: 10000, message: "Authentication error" }])).code, "SDK_TOKEN_FORBIDDEN");
  assert.is(codeOf(new PlatformApiError("GET", "/accounts", 0, [{ code: 0, message: "x could not be reached" }])).code, "SDK_PLATFORM_UNREACHABLE");
  const other = codeOf(new PlatformApiError("PUT", "/accounts/a/workers/scripts/w", 400, [{ code: 10021, message: "binding DB points at nothing" }]));
  assert.is(other.code, "SDK_PLATFORM_API_FAILED");
  assert.match(other.message, "while listing workers: PUT /accounts/a/workers/scripts/w failed (400): binding DB points at nothing [code 10021]");
});

test("anything but an API error passes through unchanged, so faults stay faults", async () => {
  const fault = new TypeError("bug");
  assert.is(platformFailure(fault, "x"), fault);
  assert.is(await callPlatform("x", async () => 42), 42);
  assert.is(await callPlatform("x", () => Promise.reject(fault)).catch((cause) => cause), fault);
});

test.run();
