/** `<Link>`: a plain `<a>` whose target the router fetches ahead, on hover or focus. */
import { createElement, useContext, type ComponentPropsWithRef, type FocusEvent, type PointerEvent, type ReactElement } from "react";
import type { Href } from "../../pages/app-paths.js";
import { PageContext } from "./context.js";

export interface LinkProps extends ComponentPropsWithRef<"a"> {
  /** A path of the app (checked against its pages and routes after `sdk prepare`) or an external URL. */
  href: Href;
  /** Fetch the target's code and data when the pointer enters the link or it gets focus; default true. */
  prefetch?: boolean;
}

/**
 * Clicks need no handler here: the router listens for clicks on same-origin links in the document
 * and navigates, which also covers links in Markdown and in plain `<a>` elements.
 */
export function Link({ prefetch = true, onPointerEnter, onFocus, ...anchor }: LinkProps): ReactElement {
  // Read without usePageContext: a Link must also render outside a page and on the server.
  const router = useContext(PageContext)?.router;
  const warm = () => {
    if (prefetch && router) router.prefetch(anchor.href);
  };
  return createElement("a", {
    ...anchor,
    onPointerEnter(event: PointerEvent<HTMLAnchorElement>) {
      onPointerEnter?.(event);
      warm();
    },
    onFocus(event: FocusEvent<HTMLAnchorElement>) {
      onFocus?.(event);
      warm();
    },
  });
}
