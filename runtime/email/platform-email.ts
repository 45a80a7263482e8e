/**
 * What the platform hands a worker's `email` export: Cloudflare's ForwardableEmailMessage. On its
 * own, importing nothing, so the worker adapter can name it without bringing the email runtime.
 */
export interface PlatformEmail {
  readonly from: string;
  readonly to: string;
  readonly headers: Headers;
  readonly raw: ReadableStream<Uint8Array>;
  readonly rawSize: number;
  /** Returns nothing on the platform; a promise in Miniflare, where it crosses to another worker. */
  setReject(reason: string): void | Promise<void>;
  forward(rcptTo: string, headers?: Headers): Promise<unknown>;
  /** Takes an `EmailMessage` of `cloudflare:email`. */
  reply(message: unknown): Promise<unknown>;
}
