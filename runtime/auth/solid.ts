/**
 * `sdk/auth/solid`: `sdk/auth/client`'s client made with better-auth's solid bindings, where its
 * `useSession()` is an accessor: `const session = authClient.useSession()`, read as
 * `session().data`, updated when the user signs in or out in this tab or another.
 */
import { createAuthClient } from "better-auth/solid";

export { createAuthClient };

export const authClient: ReturnType<typeof createAuthClient> = createAuthClient();
