/** Builds page apps for the pages-routes and pages-server-actions tests: a fake UI adapter, a manifest, createApp. */
import { createApp, type MiddlewareDefinition } from "../../runtime/app.ts";
import { escapeHtml } from "../../runtime/pages/html.ts";
import { createPageRoutes } from "../../runtime/pages/routes.ts";
import type { ClientManifest, HeadDescriptor, PageDefinition, PageModule, ServerModule, UiServerAdapter } from "../../runtime/pages/types.ts";

/** Renders `<layout id><main>props as JSON</main></layout>`, escaped as a UI library would. */
export const fakeAdapter: UiServerAdapter = {
  async renderToString(tree) {
    let html = `<main data-url="${escapeHtml(tree.url)}">${escapeHtml(JSON.stringify(tree.payload.props))}</main>`;
    if (tree.payload.action !== undefined) html += `<output>${escapeHtml(JSON.stringify(tree.payload.action))}</output>`;
    for (const layout of [...tree.layouts].reverse()) html = `<div data-layout="${layout.id}">${html}</div>`;
    return html;
  },
};

export const manifest: ClientManifest = {
  version: "build-1",
  entry: "/assets/entry-abc.js",
  pages: { "pages/blog/[slug].tsx": { modules: ["/assets/slug-1.js", "/assets/shared-2.js"], css: ["/assets/slug-3.css"] } },
};

export function page(id: string, pattern: string, server?: ServerModule, module: Partial<PageModule> = {}): PageDefinition {
  return {
    id,
    pattern,
    page: { default: `component:${id}`, ...module },
    server,
    layouts: [{ id: "pages/layout.tsx", module: { default: "component:layout" } }],
  };
}

export interface PageAppOptions {
  readonly middleware?: MiddlewareDefinition[];
  readonly production?: boolean;
  readonly head?: HeadDescriptor;
}

export function pageApp(pages: PageDefinition[], options: PageAppOptions = {}) {
  const production = options.production ?? true;
  const routes = createPageRoutes(pages, { adapter: fakeAdapter, manifest, head: options.head, production }).flat();
  return createApp({ routes, middleware: options.middleware ?? [], production });
}

/** The PagePayload embedded in a document. */
export function embeddedPayload(html: string): unknown {
  const open = '<script type="application/json" id="sdk-page">';
  const start = html.indexOf(open) + open.length;
  return JSON.parse(html.slice(start, html.indexOf("</script>", start)));
}

/** Runs `fn` with console.error captured, returning what it printed. */
export async function captureErrors(fn: () => Promise<void>): Promise<string> {
  const original = console.error;
  let printed = "";
  console.error = (...args: unknown[]) => {
    printed += args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(" ") + "\n";
  };
  try {
    await fn();
  } finally {
    console.error = original;
  }
  return printed;
}
