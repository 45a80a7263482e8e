/**
 * What a platform command starts from: the API with the logged-in token (checked first, since
 * without it nothing else can be done) and, for commands about this folder's worker, the link.
 */
import { PlatformApi } from "./api.js";
import { notLoggedIn, resolveLogin } from "./credentials.js";
import { notLinked, readLink, type ProjectLink } from "./link.js";

export interface LoggedIn {
  api: PlatformApi;
  /** The stored login's account, or `SDK_ACCOUNT_ID`; absent for a bare `SDK_API_TOKEN`. */
  accountId?: string;
  /** Where the token came from, for messages. */
  source: "environment" | "login";
}

/** `purpose` names the command for the error: "sdk project link". */
export function requireLogin(purpose: string): LoggedIn {
  const login = resolveLogin();
  if (!login) throw notLoggedIn(purpose);
  const source = process.env.SDK_API_TOKEN || process.env.CLOUDFLARE_API_TOKEN ? "environment" : "login";
  return { api: new PlatformApi(login.token), accountId: login.accountId, source };
}

/** Login and link both; the link's account is the one its worker lives in. */
export function requireLinkedProject(root: string, purpose: string): LoggedIn & { link: ProjectLink } {
  const login = requireLogin(purpose);
  const link = readLink(root);
  if (!link) throw notLinked(purpose);
  return { ...login, link };
}
