/**
 * React's server render for pages on the edge (`sdk/runtime/ui/react/server`): react-dom/server
 * resolves to its edge build there. Node, Bun and Deno take server-node.ts instead.
 */
import { renderToReadableStream, renderToString } from "react-dom/server";
import { reactServerAdapterOf, webStreamRenders } from "./render-adapter.js";

export const reactServerAdapter = reactServerAdapterOf({
  renderToString: (element) => renderToString(element),
  ...webStreamRenders(renderToReadableStream),
});
