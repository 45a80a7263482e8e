/**
 * A loopback stand-in for an OAuth 2 provider (there is no internet here): the authorization
 * endpoint, the token endpoint with PKCE (S256) and client authentication, and userinfo. It
 * refuses what a real provider refuses (a missing `state`, a plain or missing code challenge, a
 * verifier that does not match it, a redirect URI or client that differs, a code used twice) and
 * records what it was asked, so a test can check both sides of the flow.
 *
 * It answers at two sets of paths: a generic provider's (`/authorize`, `/token`, `/userinfo`) and
 * GitHub's (`/login/oauth/authorize` and `/login/oauth/access_token` of github.com, `/user` and
 * `/user/emails` of api.github.com, with GitHub's shapes: a numeric id, no email on the profile
 * when it is private, the addresses in `/user/emails`), so better-auth's built-in `github`
 * provider runs against it once the worker's requests to GitHub's hosts are sent here.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface OAuthClient {
  id: string;
  secret: string;
}

export interface OAuthUser {
  id: string;
  email: string;
  name: string;
}

/** One authorization the provider granted: what the app sent to /authorize. */
export interface Authorization {
  state: string;
  codeChallenge: string;
  redirectUri: string;
  scope: string;
}

export interface OAuthProvider {
  readonly url: string;
  readonly authorizations: Authorization[];
  /** Per token request: whether it was answered with a token, else why not. */
  readonly tokenRequests: { ok: boolean; problem?: string }[];
  /** Requests for the user's profile (userinfo, or GitHub's `/user` and `/user/emails`). */
  readonly userInfoRequests: number;
}

interface Grant extends Authorization {
  used: boolean;
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");

export async function withOAuthProvider(client: OAuthClient, user: OAuthUser, use: (provider: OAuthProvider) => Promise<void>): Promise<void> {
  const grants = new Map<string, Grant>();
  const tokens = new Set<string>();
  const provider = { url: "", authorizations: [] as Authorization[], tokenRequests: [] as OAuthProvider["tokenRequests"], userInfoRequests: 0 };

  const authorize = (query: URLSearchParams, res: ServerResponse) => {
    const problem = authorizeProblem(query, client);
    if (problem) return refuse(res, 400, problem);
    const authorization = { state: query.get("state")!, codeChallenge: query.get("code_challenge")!, redirectUri: query.get("redirect_uri")!, scope: query.get("scope") ?? "" };
    provider.authorizations.push(authorization);
    const code = base64url(randomBytes(16));
    grants.set(code, { ...authorization, used: false });
    const back = new URL(authorization.redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", authorization.state);
    res.writeHead(302, { location: back.href }).end();
  };

  const token = (req: IncomingMessage, form: URLSearchParams, res: ServerResponse) => {
    const grant = grants.get(form.get("code") ?? "");
    const problem = tokenProblem(req, form, client, grant);
    provider.tokenRequests.push(problem ? { ok: false, problem } : { ok: true });
    if (problem) return refuse(res, 400, problem);
    grant!.used = true;
    const accessToken = base64url(randomBytes(24));
    tokens.add(accessToken);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: grant!.scope }));
  };

  const github = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const profile = { id: Number(user.id), login: user.email.split("@")[0], name: user.name, email: null, avatar_url: null };
    const emails = [{ email: user.email, primary: true, verified: true, visibility: "private" }];
    return withToken(req, res, () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(path === "/user" ? profile : emails)));
  };

  const userInfo = (req: IncomingMessage, res: ServerResponse) => withToken(req, res, () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ...user, email_verified: true })));

  const withToken = (req: IncomingMessage, res: ServerResponse, answer: () => void) => {
    provider.userInfoRequests++;
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) return refuse(res, 401, "invalid_token");
    answer();
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const route = `${req.method} ${url.pathname}`;
    if (route === "GET /authorize" || route === "GET /login/oauth/authorize") return authorize(url.searchParams, res);
    if (route === "POST /token" || route === "POST /login/oauth/access_token") return token(req, new URLSearchParams(await body(req)), res);
    if (route === "GET /userinfo") return userInfo(req, res);
    if (route === "GET /user" || route === "GET /user/emails") return github(req, res, url.pathname);
    refuse(res, 404, "not_found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await use(provider);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function authorizeProblem(query: URLSearchParams, client: OAuthClient): string | undefined {
  if (query.get("response_type") !== "code") return "unsupported_response_type";
  if (query.get("client_id") !== client.id) return "invalid_client";
  if (!query.get("state")) return "state is required";
  if (query.get("code_challenge_method") !== "S256") return "PKCE with code_challenge_method=S256 is required";
  if (!/^[A-Za-z0-9_-]{43}$/.test(query.get("code_challenge") ?? "")) return "code_challenge is not a base64url SHA-256";
  if (!URL.canParse(query.get("redirect_uri") ?? "")) return "redirect_uri is not an absolute URL";
  return undefined;
}

/** RFC 6749 4.1.3 and RFC 7636 4.6; the client authenticates in the body or with Basic. */
function tokenProblem(req: IncomingMessage, form: URLSearchParams, client: OAuthClient, grant: Grant | undefined): string | undefined {
  if (form.get("grant_type") !== "authorization_code") return "unsupported_grant_type";
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  const [id, secret] = basic ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent) : [form.get("client_id"), form.get("client_secret")];
  if (id !== client.id || secret !== client.secret) return "invalid_client";
  if (!grant || grant.used) return "invalid_grant: unknown or used code";
  if (form.get("redirect_uri") !== grant.redirectUri) return "invalid_grant: redirect_uri differs from the authorization's";
  const verifier = form.get("code_verifier") ?? "";
  if (base64url(createHash("sha256").update(verifier).digest()) !== grant.codeChallenge) return "invalid_grant: code_verifier does not match the code_challenge";
  return undefined;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function refuse(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ error }));
}
