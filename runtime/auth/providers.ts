/**
 * `auth.providers` as better-auth's `socialProviders`: each provider's options read from the
 * worker's variables, `AUTH_<PROVIDER>_CLIENT_ID` and `AUTH_<PROVIDER>_CLIENT_SECRET`, plus the
 * few providers whose options differ. Options `auth.ts` gives for a provider win over variables.
 */

/** One option of a provider and the variable it is read from. */
interface ProviderVariable {
  option: string;
  variable: string;
  required: boolean;
}

const credentials = (name: string): ProviderVariable[] => [
  { option: "clientId", variable: variableOf(name, "CLIENT_ID"), required: true },
  { option: "clientSecret", variable: variableOf(name, "CLIENT_SECRET"), required: true },
];

function variableOf(provider: string, suffix: string): string {
  return `AUTH_${provider.toUpperCase()}_${suffix}`;
}

/** The providers whose options are not just a client id and secret. */
const SPECIAL: Record<string, ProviderVariable[]> = {
  // TikTok calls its client id the client key.
  tiktok: [
    { option: "clientKey", variable: variableOf("tiktok", "CLIENT_ID"), required: true },
    { option: "clientSecret", variable: variableOf("tiktok", "CLIENT_SECRET"), required: true },
  ],
  // Apple's client secret is a JWT signed with the app's key, made outside (it expires within 6 months).
  apple: [...credentials("apple"), { option: "appBundleIdentifier", variable: variableOf("apple", "APP_BUNDLE_IDENTIFIER"), required: false }],
  // Without a tenant, Microsoft's `common` endpoint takes work, school and personal accounts.
  microsoft: [...credentials("microsoft"), { option: "tenantId", variable: variableOf("microsoft", "TENANT_ID"), required: false }],
  cognito: [
    ...credentials("cognito"),
    { option: "domain", variable: variableOf("cognito", "DOMAIN"), required: true },
    { option: "region", variable: variableOf("cognito", "REGION"), required: true },
    { option: "userPoolId", variable: variableOf("cognito", "USER_POOL_ID"), required: true },
  ],
};

export function providerVariables(provider: string): ProviderVariable[] {
  return SPECIAL[provider] ?? credentials(provider);
}

export interface SocialProviders {
  /** better-auth's `socialProviders`, for the providers whose required options are all set. */
  options: Record<string, Record<string, unknown>>;
  /** Per provider left out, the variables it lacks. */
  missing: { provider: string; variables: string[] }[];
}

/**
 * `given`: `auth.ts`'s `socialProviders`, whose options win. `email` is not a social provider
 * (email/password is better-auth's `emailAndPassword`).
 */
export function socialProviders(names: readonly string[], vars: Readonly<Record<string, unknown>>, given: Readonly<Record<string, unknown>> = {}): SocialProviders {
  const result: SocialProviders = { options: {}, missing: [] };
  for (const provider of names) {
    if (provider === "email") continue;
    const own = (given[provider] ?? {}) as Record<string, unknown>;
    const options: Record<string, unknown> = {};
    const missing: string[] = [];
    for (const { option, variable, required } of providerVariables(provider)) {
      const value = own[option] ?? stringVar(vars, variable);
      if (value !== undefined) options[option] = value;
      else if (required) missing.push(variable);
    }
    if (missing.length) result.missing.push({ provider, variables: missing });
    else result.options[provider] = { ...options, ...own };
  }
  return result;
}

function stringVar(vars: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = vars[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

const warned = new Set<string>();

/**
 * A production worker without a provider's variables fails at its first auth request, naming
 * them; in development the provider is left out with a warning, once per provider.
 */
export function reportMissing(missing: SocialProviders["missing"], production: boolean): void {
  if (!missing.length) return;
  const lines = missing.map(({ provider, variables }) => `${provider} needs ${variables.join(", ")}`);
  if (production) {
    throw new Error(`sdk/auth: auth.providers names providers whose variables are not set: ${lines.join("; ")}. Set each with \`sdk secret put <NAME>\`, or give the options in auth.ts.`);
  }
  for (const line of lines) {
    if (warned.has(line)) continue;
    warned.add(line);
    console.warn(`[sdk] sdk/auth: ${line} (set them in .env); it is left out until they are set.`);
  }
}
