/**
 * React's streamed page, rendered twice by the synchronous renderer rather than once by the
 * streaming one. React's streaming renderer encodes each of its many small strings into bytes as
 * it goes (writeChunk, TextEncoder.encodeInto) and passes them through a web stream: on a 50-item
 * list in one Node.js process, about 600 µs of CPU against 180 µs for renderToString of the same
 * tree, and more in its edge build (workerd). So the shell is renderToString's output (a Suspense
 * boundary whose streamed prop is pending shows its fallback), and once every streamed prop has
 * settled the whole tree is rendered again, sent in a `<template>` with an inline script that puts
 * its content in place of the shell's. The client entry is a module script, which runs once the
 * document is parsed, so hydration finds the whole tree, as it would after React's own streaming.
 * What this gives up: boundaries show their content all at once, when the last streamed prop
 * settles, not each as its own data comes in (out of order, nested boundaries one by one).
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

const TEMPLATE_ID = "__sdk_streamed";

/**
 * The template and the script that moves its content into the page's root (the template's
 * parent, as the library's HTML is written straight into it), replacing the shell, the template
 * and the script itself.
 */
function completion(html: string): string {
  return `<template id="${TEMPLATE_ID}">${html}</template><script>(function(t){t.parentNode.replaceChildren(t.content)})(document.getElementById("${TEMPLATE_ID}"))</script>`;
}

/**
 * The shell at once, then the whole page once `settled` resolves. `renderFully` renders a tree
 * that still suspends (a boundary that failed, a promise of the page's own) to its end.
 */
export function streamedRender(element: ReactElement, settled: Promise<unknown>, renderFully: (element: ReactElement) => string | Promise<string>): ReadableStream<string> {
  const shell = renderToString(element);
  let open = true;
  return new ReadableStream<string>({
    start(controller) {
      controller.enqueue(shell);
      void settled.then(() => renderFully(element)).then(
        (html) => {
          if (open) controller.enqueue(completion(html));
        },
        (error: unknown) => {
          if (open) controller.error(error);
        },
      ).finally(() => {
        if (open) controller.close();
        open = false;
      });
    },
    cancel() {
      open = false;
    },
  });
}
