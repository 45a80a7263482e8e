/**
 * React's server render for pages on node, Bun and Deno (`sdk/runtime/ui/react/server-node`,
 * which the generated pages module imports on those targets in place of server.ts): the same
 * adapter, with the renders of react-dom's build that writes text (text-stream.ts).
 */
import { renderToString } from "react-dom/server.bun";
import { reactServerAdapterOf } from "./render-adapter.js";
import { renderAwaitedText, renderToTextStream } from "./text-stream.js";

export const reactServerAdapter = reactServerAdapterOf({
  renderToString: (element) => renderToString(element),
  renderAwaited: renderAwaitedText,
  renderToStream: renderToTextStream,
});
