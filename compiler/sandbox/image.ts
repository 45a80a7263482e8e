/**
 * What `sandbox.image` names. As wrangler reads it: a value whose last path segment carries a tag
 * or a digest (`:` or `@`) is a registry reference, anything else a Dockerfile path. The contract
 * accepts only digest-pinned references from the platform's managed registry, so a deploy always
 * runs the image that was reviewed.
 */

export type ImageReference = { kind: "dockerfile"; path: string } | { kind: "registry"; reference: string };

/** The contract's shape, `<registry_host>/<account_id>/sandbox@sha256:<digest>`, as the hint shows it. */
export const REGISTRY_IMAGE_SHAPE = "<registry_host>/<account_id>/sandbox@sha256:<digest>";
export const REGISTRY_IMAGE_EXAMPLE = `registry.cloudflare.com/0123456789abcdef0123456789abcdef/sandbox@sha256:${"0".repeat(64)}`;

const HOST = "(?:localhost|[a-z0-9-]+(?:\\.[a-z0-9-]+)+)(?::\\d+)?";
const DIGEST_PINNED = new RegExp(`^${HOST}/[A-Za-z0-9_-]+/sandbox@sha256:[0-9a-f]{64}$`);

export function imageReference(image: string): ImageReference {
  // Windows separators count too, so `C:\docker\Dockerfile` is a (refused, absolute) path.
  const last = image.split(/[/\\]/).pop() ?? "";
  return /[:@]/.test(last) ? { kind: "registry", reference: image } : { kind: "dockerfile", path: image };
}

/** What is wrong with a registry reference, said after its config path; null when it has the shape. */
export function registryImageProblem(reference: string): string | null {
  if (DIGEST_PINNED.test(reference)) return null;
  const last = reference.split("/").pop() ?? "";
  if (!last.includes("@")) {
    const tag = last.slice(last.indexOf(":") + 1);
    return `is pinned by the tag "${tag}", which can move; a registry image must be pinned by its digest`;
  }
  return `must be a digest-pinned image of the managed registry, ${REGISTRY_IMAGE_SHAPE}`;
}
