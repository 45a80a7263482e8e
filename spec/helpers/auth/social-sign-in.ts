/**
 * The browser's side of a social sign-in, one hop at a time so each response's cookies and
 * redirects can be checked: what `authClient.signIn.social` sends, and the provider's consent.
 */
import * as assert from "uvu/assert";
import type { CookieJar } from "./cookie-jar.ts";

/**
 * Starts sign-in as authClient.signIn.social does; returns the provider URL the browser is sent to.
 * `client` is the browser's address as the platform names it (`CF-Connecting-IP`): better-auth
 * limits sign-in starts per address, 3 in 10 s.
 */
export async function startSignIn(app: string, jar: CookieJar, provider: string, client?: string): Promise<URL> {
  const response = await fetch(`${app}/api/auth/sign-in/social`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app, ...jar.header(), ...(client && { "cf-connecting-ip": client }) },
    body: JSON.stringify({ provider, callbackURL: "/account" }),
  });
  assert.is(response.status, 200, await response.clone().text());
  jar.take(response);
  const { url, redirect } = (await response.json()) as { url: string; redirect: boolean };
  assert.ok(redirect, "the client is told to go to the provider");
  assert.is(response.headers.get("location"), url);
  return new URL(url);
}

/** The provider's answer to the authorization request: the app's callback URL with code and state. */
export async function consent(authorize: URL): Promise<URL> {
  const response = await fetch(authorize, { redirect: "manual" });
  assert.is(response.status, 302, await response.clone().text());
  return new URL(response.headers.get("location")!);
}

/** The accounts linked to the signed-in user, as `[providerId, accountId]`. */
export async function linkedAccounts(app: string, jar: CookieJar): Promise<string[][]> {
  const accounts = (await (await fetch(`${app}/api/auth/list-accounts`, { headers: jar.header() })).json()) as { providerId: string; accountId: string }[];
  return accounts.map((a) => [a.providerId, a.accountId]);
}
