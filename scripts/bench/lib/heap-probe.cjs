// Preloaded into a node server (`node --expose-gc --require heap-probe.cjs`) by heap-in-flight.mjs:
// on SIGUSR2 it collects garbage until nothing more goes, then prints the heap in use.
process.on("SIGUSR2", () => {
  globalThis.gc();
  globalThis.gc();
  process.stdout.write(`HEAP ${process.memoryUsage().heapUsed}\n`);
});
