// The document every SSR baseline sends, shaped like ours: charset, viewport, title, one
// `modulepreload` per chunk our build preloads for the page, the HTML in a root element, the data
// as JSON in `<script type="application/json">` escaped as ours is, and the module script.
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
/** JSON that is safe inside a `<script>` element: what could end it or start markup is escaped. */
export const escapeJson = (data) => JSON.stringify(data).replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** `preloads` names the chunks (`["index", "layout"]`); the head is built once, as a developer would. */
export function documentShell(preloads) {
  const head =
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Items</title>' +
    preloads.map((chunk) => `<link rel="modulepreload" href="/assets/${chunk}.js">`).join("");
  return (html, data) =>
    `<!doctype html><html><head>${head}</head><body><div id="root">${html}</div>` +
    `<script type="application/json" id="data">${escapeJson(data)}</script>` +
    '<script type="module" src="/assets/entry.js"></script></body></html>';
}
