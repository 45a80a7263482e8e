/** Runs `fn` with console.error silenced: for tests whose code logs the errors it answers. */
export async function withoutErrorLog<T>(fn: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = () => undefined;
  try {
    return await fn();
  } finally {
    console.error = original;
  }
}
