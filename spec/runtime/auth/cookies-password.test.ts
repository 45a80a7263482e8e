/** The base URL and the Secure rule of auth's cookies, and password hashing on node:crypto's scrypt. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { authOrigin, secureCookies } from "../../../runtime/auth/origin.ts";
import { hashPassword, verifyPassword } from "../../../runtime/auth/password.ts";
import { authSecret } from "../../../runtime/auth/secret.ts";

test("cookies are Secure except over plain http on this machine", () => {
  assert.is(secureCookies("https://app.example.com"), true);
  assert.is(secureCookies("http://app.example.com"), true);
  assert.is(secureCookies("https://localhost:8787"), true);
  for (const local of ["http://localhost:5173", "http://127.0.0.1:8787", "http://[::1]:3000"]) assert.is(secureCookies(local), false, local);
});

test("the base URL is AUTH_URL (or BETTER_AUTH_URL) when set, else the request's origin", () => {
  const request = new Request("http://127.0.0.1:8787/api/auth/sign-in/email");
  for (const production of [true, false]) {
    assert.equal(authOrigin(request, {}, production), { url: "http://127.0.0.1:8787", mailable: true }, "this machine's origin may be mailed");
    assert.equal(authOrigin(request, { AUTH_URL: "https://app.example.com/ignored/path" }, production), { url: "https://app.example.com", mailable: true });
    assert.equal(authOrigin(request, { BETTER_AUTH_URL: "https://b.example.com" }, production), { url: "https://b.example.com", mailable: true });
  }
});

test("a production build mails no link built from a request's host that is not this machine's", () => {
  const forged = new Request("http://evil.example/api/auth/request-password-reset");
  assert.equal(authOrigin(forged, {}, true), { url: "http://evil.example", mailable: false });
  assert.equal(authOrigin(forged, { AUTH_URL: "" }, true), { url: "http://evil.example", mailable: false }, "an empty AUTH_URL is none");
  assert.equal(authOrigin(forged, {}, false), { url: "http://evil.example", mailable: true }, "sdk dev takes the request's");
  assert.equal(authOrigin(forged, { AUTH_URL: "https://app.example.com" }, true), { url: "https://app.example.com", mailable: true });
});

test("AUTH_SECRET or BETTER_AUTH_SECRET; none is an error naming how to set it", () => {
  assert.is(authSecret({ AUTH_SECRET: "a" }), "a");
  assert.is(authSecret({ BETTER_AUTH_SECRET: "b" }), "b");
  assert.throws(() => authSecret({ AUTH_SECRET: "" }), /no AUTH_SECRET.*sdk secret put AUTH_SECRET/);
});

test("scrypt hashes verify, refuse a wrong password, and interoperate with better-auth's own format", async () => {
  const hash = await hashPassword("correct horse");
  assert.match(hash, /^[0-9a-f]{32}:[0-9a-f]{128}$/);
  assert.is(await verifyPassword({ hash, password: "correct horse" }), true);
  assert.is(await verifyPassword({ hash, password: "wrong horse" }), false);
  assert.is(await verifyPassword({ hash: "garbage", password: "x" }), false);
  assert.is(await betterAuthVerify({ hash, password: "correct horse" }), true, "better-auth verifies ours");
  assert.is(await verifyPassword({ hash: await betterAuthHash("théâtre"), password: "théâtre" }), true, "we verify better-auth's");
});

test.run();
