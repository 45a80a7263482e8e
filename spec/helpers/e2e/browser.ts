/**
 * Debian's Chromium driven by playwright-core, with the flags this machine needs (no sandbox as
 * root, no background networking: the network is closed). One browser per test file, closed
 * when the file's tests end; playwright gives it a fresh profile and removes it on close.
 */
import { chromium, type Browser, type BrowserContext } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let browser: Browser | undefined;

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/** A fresh context (cookies, cache, JavaScript on or off) for one check. */
export async function withContext(
  options: { javaScriptEnabled?: boolean; extraHTTPHeaders?: Record<string, string> },
  use: (context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await (await launchBrowser()).newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true, extraHTTPHeaders: options.extraHTTPHeaders });
  try {
    await use(context);
  } finally {
    await context.close();
  }
}
