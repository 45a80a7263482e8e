/** The part of workerd's `cloudflare:email` module the runtime uses. */
declare module "cloudflare:email" {
  /** A message the platform sends as it is: `raw` is the whole RFC 5322 text. */
  export class EmailMessage {
    constructor(from: string, to: string, raw: ReadableStream | string);
    readonly from: string;
    readonly to: string;
  }
}
