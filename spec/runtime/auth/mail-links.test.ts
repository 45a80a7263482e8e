/** Auth's mail hooks and mailing endpoints when the origin may not be mailed (a forged Host in a production build). */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { BetterAuthOptions } from "better-auth";
import { guardMailHooks, refusedMailRequest } from "../../../runtime/auth/mail-links.ts";

const FORGED = { url: "http://evil.example", mailable: false };
const CONFIGURED = { url: "https://app.example.com", mailable: true };
const send = async () => {};

const OPTIONS: BetterAuthOptions = {
  emailAndPassword: { enabled: true, sendResetPassword: send, minPasswordLength: 12 },
  emailVerification: { sendVerificationEmail: send, sendOnSignUp: true },
  user: { changeEmail: { enabled: true, sendChangeEmailConfirmation: send }, deleteUser: { enabled: true, sendDeleteAccountVerification: send } },
};

const hooks = (options: BetterAuthOptions) => [
  options.emailAndPassword?.sendResetPassword,
  options.emailVerification?.sendVerificationEmail,
  options.user?.changeEmail?.sendChangeEmailConfirmation,
  options.user?.deleteUser?.sendDeleteAccountVerification,
];

test("every link-mailing hook refuses, naming the host and AUTH_URL; the other options are kept", () => {
  const guarded = guardMailHooks(OPTIONS, FORGED);
  for (const hook of hooks(guarded)) {
    assert.type(hook, "function");
    assert.throws(() => (hook as () => unknown)(), /refused to mail a link built from the request's host \(evil\.example\).*sdk secret put AUTH_URL/);
  }
  assert.is(guarded.emailAndPassword?.minPasswordLength, 12);
  assert.is(guarded.emailVerification?.sendOnSignUp, true);
  assert.is(guarded.user?.deleteUser?.enabled, true);
});

test("a mailable origin keeps the hooks; options without hooks stay without", () => {
  assert.is(guardMailHooks(OPTIONS, CONFIGURED), OPTIONS);
  assert.equal(hooks(guardMailHooks({ emailAndPassword: { enabled: true } }, FORGED)), [undefined, undefined, undefined, undefined]);
});

test("the endpoints that mail an address from the body are refused before any lookup, only when they would mail", async () => {
  const post = (path: string) => new Request(`http://evil.example/api/auth${path}`, { method: "POST" });
  const errors: unknown[] = [];
  const log = console.error;
  console.error = (...args: unknown[]) => errors.push(args.join(" "));
  try {
    for (const path of ["/request-password-reset", "/send-verification-email"]) {
      const refused = refusedMailRequest(post(path), "/api/auth", OPTIONS, FORGED);
      assert.is(refused?.status, 500, path);
      assert.equal(await refused!.json(), { code: "AUTH_URL_MISSING", message: "This server cannot send the mail: its public origin is not configured." });
    }
  } finally {
    console.error = log;
  }
  assert.is(errors.length, 2);
  assert.match(String(errors[0]), "evil.example");
  assert.is(refusedMailRequest(post("/request-password-reset"), "/api/auth", OPTIONS, CONFIGURED), undefined);
  assert.is(refusedMailRequest(post("/sign-in/email"), "/api/auth", OPTIONS, FORGED), undefined);
  assert.is(refusedMailRequest(post("/request-password-reset"), "/api/auth", { emailAndPassword: { enabled: true } }, FORGED), undefined, "without the hook better-auth says reset is off");
});

test.run();
