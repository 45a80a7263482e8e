// The modules plugins/docs-index.ts makes from the Markdown pages at build time.
declare module "virtual:docs-nav" {
  const sections: import("../plugins/read-pages.ts").NavSection[];
  export default sections;
}

declare module "virtual:docs-search" {
  const entries: import("../plugins/read-pages.ts").SearchEntry[];
  export default entries;
}
