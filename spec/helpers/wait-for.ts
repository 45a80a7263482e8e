/** Polls until `check` returns a value other than undefined, or fails naming what it waited for. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, { timeoutMs = 15_000, intervalMs = 25 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
