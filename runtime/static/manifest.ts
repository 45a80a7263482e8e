/**
 * The build-time list of files in `dist/client`. The server answers only URL paths listed here,
 * so a request URL is never turned into a file-system path.
 */
export interface AssetEntry {
  /** Path relative to the client directory, POSIX separators, never starting with `/`. */
  readonly file: string;
  /** The `Content-Type` to send, e.g. `image/png` or `text/html; charset=utf-8`. */
  readonly type: string;
  /** A quoted strong ETag, e.g. `"5d41402abc4b2a76"`. */
  readonly etag: string;
  /** Size in bytes, sent as `Content-Length`. */
  readonly size: number;
  /** A client build file: its name carries its content hash, so browsers may keep it for good. */
  readonly immutable?: true;
}

/** Keyed by the decoded URL path the file is served at, e.g. `/logo.png` or `/my file.txt`. */
export type AssetManifest = Readonly<Record<string, AssetEntry>>;
