/** Reading a token or a secret: piped stdin (trimmed as its kind needs) or the hidden prompt's keystrokes. */
import { Readable } from "node:stream";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readSecretInput, typeKeys, type SecretInputOptions } from "../../../cli/platform/secret-input.ts";

const piped = (text: string) => Readable.from([Buffer.from(text)]) as unknown as NodeJS.ReadStream;
const options = (stdin: NodeJS.ReadStream, trim: SecretInputOptions["trim"]): SecretInputOptions => ({ prompt: "Value: ", what: "the value of API_KEY", howTo: "pipe it", trim, stdin });

test("piped stdin: a token loses surrounding whitespace, a secret only the line break echo adds", async () => {
  assert.is(await readSecretInput(options(piped("  tok_1\n"), "all")), "tok_1");
  assert.is(await readSecretInput(options(piped("two words \n"), "final-newline")), "two words ");
  assert.is(await readSecretInput(options(piped("line1\nline2\r\n"), "final-newline")), "line1\nline2");
  assert.is(await readSecretInput(options(piped("no newline"), "final-newline")), "no newline");
});

test("empty stdin is a coded error naming what was read, with the hint", async () => {
  for (const input of ["", "\n"]) {
    const refusal = await readSecretInput(options(piped(input), "final-newline")).then(() => null, (cause: { diagnostics: { code: string; message: string; hint?: string }[] }) => cause.diagnostics[0]);
    assert.is(refusal?.code, "SDK_INPUT_EMPTY");
    assert.match(refusal!.message, "the value of API_KEY is empty: stdin had nothing");
    assert.is(refusal!.hint, "pipe it");
  }
});

test("keystrokes: typing, backspace, Ctrl-U, Enter; nothing after Enter is taken", () => {
  assert.equal(typeKeys("", "abc"), { value: "abc" });
  assert.equal(typeKeys("abc", "\u007f"), { value: "ab" });
  assert.equal(typeKeys("ab", "\b\bxy\r"), { value: "xy", done: "enter" });
  assert.equal(typeKeys("abc", "\u0015z"), { value: "z" });
  assert.equal(typeKeys("", "pasted-token\nrest"), { value: "pasted-token", done: "enter" });
  assert.equal(typeKeys("é", "\u007f"), { value: "" }, "backspace removes a whole character");
});

test("keystrokes: Ctrl-C cancels and forgets, Ctrl-D ends, arrows and other control characters are dropped", () => {
  assert.equal(typeKeys("secret", "\u0003"), { value: "", done: "cancel" });
  assert.equal(typeKeys("abc", "\u0004"), { value: "abc", done: "enter" });
  assert.equal(typeKeys("a", "\u001b[D\u001b[1;5Cb\t"), { value: "ab" });
  assert.equal(typeKeys("a", "\u001bOAb"), { value: "ab" }, "ESC O A (an arrow in application mode) is one key");
});

test.run();
