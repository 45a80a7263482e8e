/** Content-Type of a static asset, from its extension. Text types carry `; charset=utf-8`. */
import { getMimeType } from "hono/utils/mime";

/** Types Hono's table lacks or gives without a charset although they are text. */
const EXTRA_TYPES: Record<string, string> = {
  json: "application/json; charset=utf-8",
  map: "application/json; charset=utf-8",
  webmanifest: "application/manifest+json; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  yaml: "text/yaml; charset=utf-8",
  yml: "text/yaml; charset=utf-8",
};

const FALLBACK = "application/octet-stream";

export function contentTypeFor(fileName: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (!extension) return FALLBACK;
  return EXTRA_TYPES[extension] ?? getMimeType(fileName) ?? FALLBACK;
}
