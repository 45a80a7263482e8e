/**
 * `sdk/auth/react`: `sdk/auth/client`'s client made with better-auth's react bindings, where its
 * `useSession()` is a hook: `const session = authClient.useSession()` gives `{ data, isPending,
 * error, refetch }`, updated when the user signs in or out in this tab or another.
 */
import { createAuthClient } from "better-auth/react";

export { createAuthClient };

export const authClient: ReturnType<typeof createAuthClient> = createAuthClient();
