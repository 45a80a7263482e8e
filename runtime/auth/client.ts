/**
 * `sdk/auth/client`: better-auth's browser client. Its default base path is the app's auth
 * routes (`/api/auth`) on the page's own origin: `authClient.signIn.email({ email, password })`,
 * `authClient.signUp.email(...)`, `authClient.signIn.social({ provider: "github" })`,
 * `authClient.signOut()`, `authClient.getSession()`. `createAuthClient({ plugins })` makes one
 * with client plugins.
 */
import { createAuthClient } from "better-auth/client";

export { createAuthClient };

export const authClient: ReturnType<typeof createAuthClient> = createAuthClient();
