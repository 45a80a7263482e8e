/**
 * The CSS of a page in `sdk dev`, as the browser will get it: the stylesheets its layouts and the
 * page import (through any of the app's own modules, static imports only, as the build links
 * them), read from the client environment's module graph, each as the `<style data-vite-dev-id>`
 * Vite's client would insert. Vite's client takes these elements over when it starts (its
 * `updateStyle` finds them by id), so hydration adds no second copy and a saved stylesheet
 * replaces its text in place.
 */
import { isCSSRequest, type DevEnvironment, type EnvironmentModuleNode } from "vite";
import { escapeHtml } from "../../runtime/pages/html.js";

/** What Vite's CSS plugin serves for a stylesheet imported by JavaScript: the text rides in this constant. */
const CSS_TEXT = /\bconst __vite__css = ("(?:[^"\\]|\\.)*")/;
/** An import of the stylesheet's text or URL adds no style of its own. */
const NOT_A_STYLE = /[?&](?:inline|raw|url)\b/;

/** `files`: project-relative, the outermost layout first and the page last. */
export async function pageStyles(client: DevEnvironment, files: readonly string[]): Promise<string> {
  const seen = new Set<string>();
  const stylesheets: EnvironmentModuleNode[] = [];
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    await client.transformRequest(url);
    const module = await client.moduleGraph.getModuleByUrl(url);
    if (!module) return;
    // Set by Vite's import analysis, though its types leave it out.
    const { staticImportedUrls } = module as { staticImportedUrls?: Set<string> };
    for (const imported of module.importedModules) {
      if (staticImportedUrls && !staticImportedUrls.has(imported.url)) continue;
      if (isCSSRequest(imported.url)) {
        if (!NOT_A_STYLE.test(imported.url) && !stylesheets.includes(imported)) stylesheets.push(imported);
      } else if (ownModule(imported)) {
        await visit(imported.url);
      }
    }
  };
  for (const file of files) await visit(`/${file}`);
  const tags = await Promise.all(stylesheets.map((stylesheet) => styleTag(client, stylesheet)));
  return tags.join("");
}

/** The app's own modules: a dependency's are prebundled, and their CSS is imported by the app's. */
function ownModule(module: EnvironmentModuleNode): boolean {
  return module.file !== null && !module.file.includes("/node_modules/") && !module.url.startsWith("/@");
}

async function styleTag(client: DevEnvironment, stylesheet: EnvironmentModuleNode): Promise<string> {
  // A stylesheet that does not compile adds nothing here: the browser's import shows its error.
  const served = await client.transformRequest(stylesheet.url).catch(() => null);
  const text = served && CSS_TEXT.exec(served.code)?.[1];
  if (!text || stylesheet.id === null) return "";
  const css = (JSON.parse(text) as string).replace(/<\/style/gi, "<\\/style");
  return `<style type="text/css" data-vite-dev-id="${escapeHtml(stylesheet.id)}">${css}</style>`;
}
