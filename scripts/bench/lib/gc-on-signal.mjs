// Preloaded into a server a memory figure measures (node --expose-gc --import, see
// settled-memory.mjs): on SIGUSR2 it runs a full garbage collection and then prints what the
// heap holds, so a figure reads what the server retains, not what V8 has yet to collect.
process.on("SIGUSR2", () => {
  globalThis.gc();
  const { heapUsed, external } = process.memoryUsage();
  process.stdout.write(`sdk-bench: collected ${JSON.stringify({ heapUsed, external })}\n`);
});
