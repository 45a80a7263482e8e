/** How the generated module reaches the user's files, e.g. `../../..` from `.sdk/generated/node`. */
export interface SourceLink {
  projectRootFromGenerated: string;
  /** `sdk dev` on the edge: each route module imported on its first request (runtime/dev/lazy-route.ts), each page module on its own (runtime/dev/pages.ts). */
  lazyRoutes?: boolean;
}
