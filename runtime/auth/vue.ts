/**
 * `sdk/auth/vue`: `sdk/auth/client`'s client made with better-auth's vue bindings, where its
 * `useSession()` is a ref: `const session = authClient.useSession()`, read as `session.data` in a
 * template, updated when the user signs in or out in this tab or another.
 */
import { createAuthClient } from "better-auth/vue";

export { createAuthClient };

export const authClient: ReturnType<typeof createAuthClient> = createAuthClient();
