/** The modules that bring auth: `sdk/auth`, `sdk/auth/plugins` and the browser clients, `sdk/auth/client` and one per UI library (`sdk/auth/react`, ...). */
export const AUTH_MODULE = "sdk/auth";

export function isAuthModule(specifier: string): boolean {
  return specifier === AUTH_MODULE || specifier.startsWith(`${AUTH_MODULE}/`);
}
