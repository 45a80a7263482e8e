/**
 * What an API token may do, as the platform's permission groups grant it: each operation needs
 * the group of its resource (Read for GET, Edit otherwise; Edit includes Read), refused with 403,
 * code 10000. A token is the user's (`/user/tokens/verify` knows it) or an account's (only
 * `/accounts/{id}/tokens/verify` does; the user check answers code 1000, as for an unknown token).
 * By default a stand-in token has every group but Billing and the two container groups: what a
 * token made from the dashboard's "Edit Cloudflare Workers" template plus D1, Queues, Hyperdrive
 * and zone access holds, and no Billing:Read.
 *
 * Containers: the contract says a sandbox deploy needs Edit on two container-related account
 * resources; wrangler asks its OAuth login for two scopes, `containers:write` and
 * `cloudchamber:write` (packages/wrangler/src/containers/index.ts `containersScope`,
 * packages/wrangler/src/cloudchamber/common.ts `cloudchamberScope`). The stand-in guards the
 * container applications with "Containers" and the managed image registry with "Cloudchamber";
 * that the dashboard's groups split the paths this way is for scripts/live-deploy.mjs to settle.
 */
export type PermissionGroup = "Billing" | "Workers Scripts" | "D1" | "Workers KV Storage" | "Workers R2 Storage" | "Queues" | "Hyperdrive" | "Containers" | "Cloudchamber" | "Zone" | "DNS" | "Email Routing Rules" | "Workers Routes";
export type Permission = `${PermissionGroup} ${"Read" | "Edit"}`;

export interface TokenGrant {
  owner: "user" | "account";
  permissions: ReadonlySet<Permission>;
}

const PERMISSION_GROUPS: readonly PermissionGroup[] = ["Billing", "Workers Scripts", "D1", "Workers KV Storage", "Workers R2 Storage", "Queues", "Hyperdrive", "Containers", "Cloudchamber", "Zone", "DNS", "Email Routing Rules", "Workers Routes"];

const NOT_BY_DEFAULT: readonly PermissionGroup[] = ["Billing", "Containers", "Cloudchamber"];

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((group): Permission[] => [`${group} Read`, `${group} Edit`]);

export const DEFAULT_PERMISSIONS: readonly Permission[] = ALL_PERMISSIONS.filter((permission) => !NOT_BY_DEFAULT.some((group) => permission.startsWith(`${group} `)));

/** What a sandbox deploy needs beyond the default: Edit on both container groups. */
export const CONTAINER_PERMISSIONS: readonly Permission[] = ["Containers Edit", "Cloudchamber Edit"];

/** Path prefix (with `{}` for a parameter) to the group guarding it; the first match wins. */
const GUARDS: [RegExp, PermissionGroup | undefined][] = [
  [/^\/user\/tokens\/verify$/, undefined],
  [/^\/accounts\/[^/]+\/tokens\/verify$/, undefined],
  [/^\/accounts$/, undefined],
  [/^\/accounts\/[^/]+\/subscriptions$/, "Billing"],
  [/^\/accounts\/[^/]+\/workers\//, "Workers Scripts"],
  [/^\/accounts\/[^/]+\/d1\//, "D1"],
  [/^\/accounts\/[^/]+\/storage\/kv\//, "Workers KV Storage"],
  [/^\/accounts\/[^/]+\/r2\//, "Workers R2 Storage"],
  [/^\/accounts\/[^/]+\/queues/, "Queues"],
  [/^\/accounts\/[^/]+\/hyperdrive\//, "Hyperdrive"],
  [/^\/accounts\/[^/]+\/containers\/applications/, "Containers"],
  [/^\/accounts\/[^/]+\/containers\/registries/, "Cloudchamber"],
  [/^\/zones\/[^/]+\/email\/routing/, "Email Routing Rules"],
  [/^\/zones\/[^/]+\/dns_records/, "DNS"],
  [/^\/zones\/[^/]+\/workers\/routes/, "Workers Routes"],
  [/^\/zones/, "Zone"],
];

/** The permission a request needs, or undefined when any valid token may make it. */
export function permissionFor(method: string, path: string): Permission | undefined {
  const group = GUARDS.find(([pattern]) => pattern.test(path))?.[1];
  return group && `${group} ${method === "GET" ? "Read" : "Edit"}`;
}

export function allows(grant: TokenGrant, needed: Permission): boolean {
  return grant.permissions.has(needed) || (needed.endsWith(" Read") && grant.permissions.has(needed.replace(/ Read$/, " Edit") as Permission));
}
