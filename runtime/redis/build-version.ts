/**
 * The version of a build, as the hash of its server bundle: ISR keys carry it, so instances of a
 * new deploy never serve pages an older build rendered into the shared cache, while instances of
 * the same build (identical bundles) share them. Web-standard, read through the adapter's readFile.
 */
export async function buildVersion(bundle: URL, readFile: (url: URL) => Promise<BodyInit>): Promise<string> {
  const bytes = await new Response(await readFile(bundle)).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
