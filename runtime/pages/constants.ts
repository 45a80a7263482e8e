/**
 * Names the server and the browser router must agree on. Kept apart from the modules that render
 * documents so the client bundle imports three strings, not the renderer.
 */

/** The element the page tree renders into (and hydrates). */
export const ROOT_ID = "sdk-root";

/** The `<script type="application/json">` holding the first page's PagePayload. */
export const PAYLOAD_ID = "sdk-page";

/** Request header the browser router sends with an enhanced form submission (value `1`). */
export const ACTION_HEADER = "x-sdk-action";

/** Marks the head tags rendered from the page's HeadDescriptor: the ones navigation replaces. */
export const HEAD_ATTRIBUTE = "data-sdk-head";

/** Prefix of the id of the `<script type="application/json">` carrying one streamed prop's outcome (the prop's name follows). */
export const DEFERRED_ID = "sdk-deferred:";
