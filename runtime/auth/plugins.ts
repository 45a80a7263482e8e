/**
 * `sdk/auth/plugins`: better-auth's server plugins (`genericOAuth` for a provider it has no
 * built-in for, `twoFactor`, `bearer`, ...) for `defineAuth({ plugins })`. From here they are the
 * copy of better-auth the app's auth runs on: the app needs no better-auth of its own, and cannot
 * end up with two versions whose plugins and instance disagree.
 */
export * from "better-auth/plugins";
