/** The modules that bring auth: `sdk/auth`, `sdk/auth/client` and `sdk/auth/plugins`. */
export const AUTH_MODULE = "sdk/auth";

export function isAuthModule(specifier: string): boolean {
  return specifier === AUTH_MODULE || specifier.startsWith(`${AUTH_MODULE}/`);
}
