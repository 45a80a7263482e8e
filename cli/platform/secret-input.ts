/**
 * Reading a token or a secret's value: all of stdin when it is piped (scripts, CI), else a prompt
 * on the terminal that echoes nothing. The prompt goes to stderr so `--json` stdout stays clean,
 * and the value is returned to the caller only: it is never printed, logged or put in an error.
 */
import { createInterface } from "node:readline/promises";
import { error, UserError } from "../../compiler/diagnostics.js";

export interface SecretInputOptions {
  /** Shown before the hidden input, e.g. `API token: `. */
  prompt: string;
  /** What is read, for the errors: `the API token`, `the value of API_KEY`. */
  what: string;
  /** How to give it when nothing came, for the error's hint. */
  howTo: string;
  /**
   * `all`: surrounding whitespace is dropped (tokens). `final-newline`: one trailing line break
   * is dropped, as `echo` adds it, and the rest is kept (a value may end in spaces on purpose).
   */
  trim: "all" | "final-newline";
  stdin?: NodeJS.ReadStream;
  output?: NodeJS.WriteStream;
}

export async function readSecretInput(options: SecretInputOptions): Promise<string> {
  const stdin = options.stdin ?? process.stdin;
  const raw = stdin.isTTY ? await hiddenPrompt(stdin, options.output ?? process.stderr, options.prompt, options.what) : await readAll(stdin);
  const value = options.trim === "all" ? raw.trim() : raw.replace(/\r?\n$/, "");
  if (value !== "") return value;
  throw new UserError([error("SDK_INPUT_EMPTY", `${options.what} is empty: ${stdin.isTTY ? "nothing was typed at the prompt" : "stdin had nothing"}. Nothing was changed.`, { hint: options.howTo })]);
}

/** True when a question can be asked and answered: both ends are a terminal. */
export function canPrompt(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}

/** A visible question on the terminal (a choice from a list, never a secret). */
export async function askLine(question: string): Promise<string> {
  const lines = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await lines.question(question)).trim();
  } finally {
    lines.close();
  }
}

export interface Keystrokes {
  value: string;
  done?: "enter" | "cancel";
}

/**
 * What raw-mode terminal input does to the hidden value: Enter (or Ctrl-D) ends it, Ctrl-C
 * cancels, Backspace removes a character, Ctrl-U clears; escape sequences (arrow keys) and other
 * control characters are dropped. A paste arrives as one chunk, possibly ending in a newline.
 */
export function typeKeys(value: string, chunk: string): Keystrokes {
  let typed = value;
  const characters = [...chunk];
  for (let i = 0; i < characters.length; i++) {
    const character = characters[i];
    if (character === "\r" || character === "\n" || character === "\u0004") return { value: typed, done: "enter" };
    if (character === "\u0003") return { value: "", done: "cancel" };
    if (character === "\u007f" || character === "\b") typed = [...typed].slice(0, -1).join("");
    else if (character === "\u0015") typed = "";
    else if (character === "\u001b") i = endOfEscape(characters, i);
    else if (character >= " ") typed += character;
  }
  return { value: typed };
}

/** The index of an escape sequence's last character: `ESC [ ... final`, `ESC O x` or `ESC x`. */
function endOfEscape(characters: string[], start: number): number {
  if (characters[start + 1] === "O") return start + 2;
  if (characters[start + 1] !== "[") return start + 1;
  let i = start + 2;
  while (i < characters.length && !/[A-Za-z~]/.test(characters[i])) i++;
  return i;
}

function hiddenPrompt(stdin: NodeJS.ReadStream, output: NodeJS.WriteStream, prompt: string, what: string): Promise<string> {
  output.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const onData = (chunk: string) => {
      const typed = typeKeys(value, chunk);
      value = typed.value;
      if (!typed.done) return;
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      output.write("\n");
      if (typed.done === "enter") resolve(value);
      else reject(new UserError([error("SDK_INPUT_CANCELLED", `cancelled while reading ${what}: nothing was changed`)]));
    };
    stdin.on("data", onData);
  });
}

async function readAll(stdin: NodeJS.ReadStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}
