/** `auth.providers` as better-auth's socialProviders: names, variables, the odd providers, what is missing. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { socialProviders as betterAuthProviders } from "better-auth/social-providers";
import { AUTH_PROVIDERS } from "../../../compiler/config/define.ts";
import { validateConfig } from "../../../compiler/config/validate.ts";
import { providerVariables, reportMissing, socialProviders } from "../../../runtime/auth/providers.ts";

const SOCIAL = AUTH_PROVIDERS.filter((name) => name !== "email");

/** Every variable of every provider set to `<NAME>-value`. */
function allVariables(): Record<string, string> {
  return Object.fromEntries(SOCIAL.flatMap((name) => providerVariables(name).map(({ variable }) => [variable, `${variable}-value`])));
}

test("the contract's 34 social providers are each a better-auth provider, built from the variables", () => {
  assert.is(SOCIAL.length, 34);
  const { options, missing } = socialProviders(AUTH_PROVIDERS, allVariables());
  assert.equal(missing, []);
  assert.equal(Object.keys(options).sort(), [...SOCIAL].sort(), "email is not a social provider");
  for (const name of SOCIAL) {
    const create = (betterAuthProviders as Record<string, (options: never) => { id: string }>)[name];
    assert.type(create, "function", `better-auth has no provider named ${name}`);
    assert.is(create(options[name] as never).id, name);
  }
});

test("config validation takes every name as the contract spells it, and refuses any other naming the path", () => {
  // The contract's list, written out here rather than read from AUTH_PROVIDERS, so a name dropped or misspelt there fails.
  const contract = "email apple atlassian cognito discord dropbox facebook figma github gitlab google huggingface kakao kick line linear linkedin microsoft naver notion paybin paypal polar railway reddit roblox salesforce slack spotify tiktok twitch twitter vercel vk zoom".split(" ");
  assert.is(contract.length, 35);
  assert.equal(validateConfig({ auth: { providers: contract } }), []);
  const [refused, ...more] = validateConfig({ auth: { providers: ["github", "myspace"] } });
  assert.equal(more, []);
  assert.match(refused!.message, "auth.providers[1]");
});

test("AUTH_<PROVIDER>_CLIENT_ID and _CLIENT_SECRET; tiktok's client key, apple's bundle id, microsoft's tenant, cognito's pool", () => {
  const vars = allVariables();
  const { options } = socialProviders(AUTH_PROVIDERS, vars);
  assert.equal(options.github, { clientId: "AUTH_GITHUB_CLIENT_ID-value", clientSecret: "AUTH_GITHUB_CLIENT_SECRET-value" });
  assert.equal(options.tiktok, { clientKey: "AUTH_TIKTOK_CLIENT_ID-value", clientSecret: "AUTH_TIKTOK_CLIENT_SECRET-value" });
  assert.is(options.apple!.appBundleIdentifier, "AUTH_APPLE_APP_BUNDLE_IDENTIFIER-value");
  assert.is(options.microsoft!.tenantId, "AUTH_MICROSOFT_TENANT_ID-value");
  assert.equal(
    [options.cognito!.domain, options.cognito!.region, options.cognito!.userPoolId],
    ["AUTH_COGNITO_DOMAIN-value", "AUTH_COGNITO_REGION-value", "AUTH_COGNITO_USER_POOL_ID-value"],
  );
  const optional = socialProviders(["apple", "microsoft"], { AUTH_APPLE_CLIENT_ID: "a", AUTH_APPLE_CLIENT_SECRET: "jwt", AUTH_MICROSOFT_CLIENT_ID: "m", AUTH_MICROSOFT_CLIENT_SECRET: "s" });
  assert.equal(optional.missing, [], "apple's bundle id and microsoft's tenant are optional");
});

test("a provider without its variables is listed as missing; auth.ts options fill in and win", () => {
  const { options, missing } = socialProviders(["email", "github", "cognito"], { AUTH_COGNITO_CLIENT_ID: "c", AUTH_COGNITO_CLIENT_SECRET: "s", AUTH_GITHUB_CLIENT_ID: "" });
  assert.equal(options, {});
  assert.equal(missing, [
    { provider: "github", variables: ["AUTH_GITHUB_CLIENT_ID", "AUTH_GITHUB_CLIENT_SECRET"] },
    { provider: "cognito", variables: ["AUTH_COGNITO_DOMAIN", "AUTH_COGNITO_REGION", "AUTH_COGNITO_USER_POOL_ID"] },
  ]);
  const given = { cognito: { domain: "auth.example.com", region: "eu-west-1", userPoolId: "pool", scope: ["email"] }, github: { clientId: "from-auth-ts" } };
  const filled = socialProviders(["cognito", "github"], { AUTH_COGNITO_CLIENT_ID: "c", AUTH_COGNITO_CLIENT_SECRET: "s", AUTH_GITHUB_CLIENT_ID: "env", AUTH_GITHUB_CLIENT_SECRET: "gs" }, given);
  assert.equal(filled.missing, []);
  assert.equal(filled.options.cognito, { clientId: "c", clientSecret: "s", domain: "auth.example.com", region: "eu-west-1", userPoolId: "pool", scope: ["email"] });
  assert.is(filled.options.github!.clientId, "from-auth-ts");
});

test("missing variables stop production with their names; development warns once and goes on", () => {
  const missing = [{ provider: "github", variables: ["AUTH_GITHUB_CLIENT_ID", "AUTH_GITHUB_CLIENT_SECRET"] }];
  assert.throws(() => reportMissing(missing, true), /github needs AUTH_GITHUB_CLIENT_ID, AUTH_GITHUB_CLIENT_SECRET.*sdk secret put/);
  const warnings: unknown[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
  try {
    reportMissing(missing, false);
    reportMissing(missing, false);
  } finally {
    console.warn = warn;
  }
  assert.is(warnings.length, 1);
  assert.match(String(warnings[0]), "github needs AUTH_GITHUB_CLIENT_ID");
  reportMissing([], true);
});

test.run();
