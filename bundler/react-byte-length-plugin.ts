/**
 * React's text-writing server build (react-dom/server.bun, which streamed pages render with: see
 * runtime/ui/react/text-stream.ts) measures every chunk it renders with `Buffer.byteLength`, to
 * decide which Suspense boundaries to send apart. Node.js answers that natively; workerd's and
 * Deno's Node.js layers answer it in JavaScript around a native call, which in workerd was a fifth
 * of a streamed page's CPU time (`finishedSegment`, 550-683 against 733-933 µs per streamed request
 * without it). This gives the build the same UTF-8 length, counted in place, on every target.
 * Should React word it otherwise, the build is left as it is (still correct, only slower), and
 * spec/bundler/react-byte-length-plugin.test.ts fails on the installed version.
 */
import type { Plugin } from "rolldown";

const REACT_TEXT_BUILD = /react-dom[\\/]cjs[\\/]react-dom-server\.bun\.(?:production|development)\.js$/;

export const BYTE_LENGTH_CALL = 'return Buffer.byteLength(chunk, "utf8");';

/** The UTF-8 length of a string, as `Buffer.byteLength` gives it: a lone surrogate is U+FFFD, three bytes. */
export const UTF8_LENGTH = `var length = chunk.length;
  for (var i = 0; i < chunk.length; i++) {
    var unit = chunk.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) length += 1;
    else if ((unit & 0xfc00) === 0xd800 && (chunk.charCodeAt(i + 1) & 0xfc00) === 0xdc00) (length += 2), i++;
    else length += 2;
  }
  return length;`;

export function reactByteLengthPlugin(): Plugin {
  return {
    name: "sdk:react-byte-length",
    transform: {
      filter: { id: REACT_TEXT_BUILD },
      handler(code) {
        return code.includes(BYTE_LENGTH_CALL) ? { code: code.replace(BYTE_LENGTH_CALL, UTF8_LENGTH), map: null } : null;
      },
    },
  };
}
