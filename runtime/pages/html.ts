/** Escaping for the text and attribute values the server writes into HTML. */

const SPECIAL = /[&<>"']/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(SPECIAL, (char) => ENTITIES[char]!);
}
