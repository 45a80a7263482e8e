/** `<Link>`: a plain `<a>` whose target the router fetches ahead, on hover or focus. */
import { mergeProps, splitProps, useContext, type JSX } from "solid-js";
import { createDynamic } from "solid-js/web";
import type { Href } from "../../pages/app-paths.js";
import { PageContext } from "./context.js";
import { callHandler } from "./event-handler.js";

export interface LinkProps extends JSX.AnchorHTMLAttributes<HTMLAnchorElement> {
  /** A path of the app (checked against its pages and routes after `sdk prepare`) or an external URL. */
  href: Href;
  /** Fetch the target's code and data when the pointer enters the link or it gets focus; default true. */
  prefetch?: boolean;
}

/**
 * Clicks need no handler here: the router listens for clicks on same-origin links in the document
 * and navigates, which also covers links in Markdown and in plain `<a>` elements.
 */
export function Link(props: LinkProps): JSX.Element {
  const [own, anchor] = splitProps(props, ["prefetch", "onPointerEnter", "onFocus"]);
  // Read without usePageContext: a Link must also render outside a page and on the server.
  const router = useContext(PageContext)?.router;
  const warm = () => {
    if (own.prefetch !== false && router) router.prefetch(anchor.href);
  };
  return createDynamic(
    () => "a",
    mergeProps(anchor, {
      onPointerEnter(event: PointerEvent & { currentTarget: HTMLAnchorElement; target: Element }) {
        callHandler(own.onPointerEnter, event);
        warm();
      },
      onFocus(event: FocusEvent & { currentTarget: HTMLAnchorElement; target: Element }) {
        callHandler(own.onFocus, event);
        warm();
      },
    }),
  );
}
