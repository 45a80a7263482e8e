/**
 * A raw RFC 5322 message, for the platform's `reply()`, which takes one (runtime/jobs/email.ts).
 * Bodies are UTF-8 in base64, so any text survives any relay; a header with non-ASCII text
 * becomes RFC 2047 encoded words; CR and LF never reach a header from a value, so a subject
 * cannot add headers of its own.
 */

export interface MimeMessage {
  /** Header names and plain-text values, in order. */
  readonly headers: readonly (readonly [string, string])[];
  readonly text?: string;
  readonly html?: string;
}

const CRLF = "\r\n";
/** Base64 of 45 bytes is 60 characters: with `=?UTF-8?B?` and `?=`, within the 75 an encoded word may have. */
const ENCODED_WORD_BYTES = 45;
const BODY_LINE = 76;

export function composeMime({ headers, text, html }: MimeMessage): string {
  if (text === undefined && html === undefined) throw new TypeError("a message needs a text or an HTML body");
  const head = [...headers.map(([name, value]) => `${name}: ${headerValue(value)}`), "MIME-Version: 1.0"];
  if (text === undefined || html === undefined) {
    return [...head, ...part(text !== undefined ? "text/plain" : "text/html", (text ?? html)!), ""].join(CRLF);
  }
  const boundary = `sdk-${crypto.randomUUID()}`;
  return [
    ...head,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    ...part("text/plain", text),
    `--${boundary}`,
    ...part("text/html", html),
    `--${boundary}--`,
    "",
  ].join(CRLF);
}

/** A fresh `Message-ID` on the sender's domain, as RFC 5322 asks. */
export function newMessageId(sender: string): string {
  return `<${crypto.randomUUID()}@${sender.slice(sender.lastIndexOf("@") + 1) || "localhost"}>`;
}

function part(type: string, body: string): string[] {
  return [`Content-Type: ${type}; charset=utf-8`, "Content-Transfer-Encoding: base64", "", ...lines(base64(new TextEncoder().encode(body)), BODY_LINE)];
}

function headerValue(value: string): string {
  const oneLine = value.replace(/[\r\n]+/g, " ");
  return /^[\x20-\x7e]*$/.test(oneLine) ? oneLine : encodedWords(oneLine);
}

/** Whole characters per word, never a UTF-8 sequence split between two; folded one per line. */
function encodedWords(value: string): string {
  const encoder = new TextEncoder();
  const words: number[][] = [];
  let word: number[] = [];
  for (const character of value) {
    const bytes = encoder.encode(character);
    if (word.length + bytes.length > ENCODED_WORD_BYTES) {
      words.push(word);
      word = [];
    }
    word.push(...bytes);
  }
  if (word.length) words.push(word);
  return words.map((bytes) => `=?UTF-8?B?${base64(Uint8Array.from(bytes))}?=`).join(`${CRLF} `);
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  // In slices: spreading a large body into one call would overflow the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

function lines(text: string, width: number): string[] {
  const out: string[] = [];
  for (let start = 0; start < text.length; start += width) out.push(text.slice(start, start + width));
  return out;
}
