/**
 * `sdk/auth/svelte`: `sdk/auth/client`'s client made with better-auth's svelte bindings, where its
 * `useSession()` is a store: `const session = authClient.useSession()`, read as `$session.data`,
 * updated when the user signs in or out in this tab or another.
 */
import { createAuthClient } from "better-auth/svelte";

export { createAuthClient };

export const authClient: ReturnType<typeof createAuthClient> = createAuthClient();
