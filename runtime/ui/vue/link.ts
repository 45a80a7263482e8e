/** `<Link>`: a plain `<a>` whose target the router fetches ahead, on hover or focus. */
import { defineComponent, h, inject, type PropType } from "vue";
import type { Href } from "../../pages/app-paths.js";
import { PAGE_CONTEXT } from "./context.js";

export interface LinkProps {
  /** A path of the app (checked against its pages and routes after `sdk prepare`) or an external URL. */
  href: Href;
  /** Fetch the target's code and data when the pointer enters the link or it gets focus; default true. */
  prefetch?: boolean;
}

/**
 * Clicks need no handler here: the router listens for clicks on same-origin links in the document
 * and navigates, which also covers links in Markdown and in plain `<a>` elements. Other attributes
 * and listeners fall through to the `<a>`.
 */
export const Link = defineComponent({
  name: "Link",
  props: {
    href: { type: String as PropType<Href>, required: true },
    prefetch: { type: Boolean, default: true },
  },
  setup(props, { slots }) {
    // Injected without usePageContext: a Link must also render outside a page and on the server.
    const page = inject(PAGE_CONTEXT, null);
    const warm = () => {
      const router = page?.value.router;
      if (props.prefetch && router) router.prefetch(props.href);
    };
    return () => h("a", { href: props.href, onPointerenter: warm, onFocus: warm }, slots.default?.());
  },
});
