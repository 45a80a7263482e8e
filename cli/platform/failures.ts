/**
 * The platform's refusals as user errors: a bad token, a missing permission, an API that cannot
 * be reached or that says no are things the user fixes, so they are coded diagnostics with a
 * hint, never stack traces. The API error's own text names method, path and the platform's
 * reason; it never holds the token or a request body.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import { INVALID_TOKEN } from "./account.js";
import { apiBaseUrl, PlatformApiError } from "./api.js";

/** `doing`: what was being done, completing "… while <doing>", e.g. `listing the account's workers`. */
export function platformFailure(cause: unknown, doing: string): unknown {
  if (!(cause instanceof PlatformApiError)) return cause;
  if (cause.status === 0) {
    return new UserError([error("SDK_PLATFORM_UNREACHABLE", `the platform's API did not answer while ${doing}: ${cause.message}`, {
      hint: `check the network and try again; the API is ${apiBaseUrl()} (SDK_API_BASE_URL changes it)`,
    })]);
  }
  if (cause.hasCode(INVALID_TOKEN) || cause.status === 401) {
    return new UserError([error("SDK_TOKEN_REJECTED", `the platform refused the API token while ${doing}: ${cause.message}`, {
      hint: "run sdk account login with a valid token (or fix SDK_API_TOKEN when it is set: it wins over the stored login)",
    })]);
  }
  if (cause.status === 403) {
    return new UserError([error("SDK_TOKEN_FORBIDDEN", `the API token may not do this: ${doing} was refused: ${cause.message}`, {
      hint: "give the token the permissions sdk needs (Workers Scripts, D1, Workers KV Storage, Workers R2 Storage and Queues: Edit; for email.from also Zone: Read, DNS: Read and Email Routing Rules: Edit), then run sdk account login again",
    })]);
  }
  return new UserError([error("SDK_PLATFORM_API_FAILED", `the platform's API failed while ${doing}: ${cause.message}`, {
    hint: "the platform's message says why; fix that and run the command again",
  })]);
}

/** Runs one or more API calls, turning a platform refusal into the user error above. */
export async function callPlatform<T>(doing: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw platformFailure(cause, doing);
  }
}
