/** Types of live-deploy.mjs, for the spec that imports it. */
export declare const SKIP_MESSAGE: string;
export declare function liveCredentials(env: Record<string, string | undefined>): { token: string; accountId: string; apiBase: string } | undefined;
export declare function teardownRequests(accountId: string, workerName: string, provisioned: { kind: string; name: string; outcome: string; id?: string }[]): { method: string; path: string; what: string }[];
