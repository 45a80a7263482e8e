// Preloaded with `node --import`: prints "fetch globals loaded by <name>" to stderr the first time
// anything reads the global Request, Response or Headers, which on Node 20 loads undici.
for (const name of ["Request", "Response", "Headers"]) {
  const lazy = Object.getOwnPropertyDescriptor(globalThis, name);
  if (!lazy?.get) continue;
  Object.defineProperty(globalThis, name, {
    configurable: true,
    enumerable: lazy.enumerable,
    get() {
      process.stderr.write(`fetch globals loaded by ${name}\n`);
      Object.defineProperty(globalThis, name, lazy);
      return lazy.get.call(globalThis);
    },
    set(value) {
      Object.defineProperty(globalThis, name, { configurable: true, enumerable: lazy.enumerable, writable: true, value });
    },
  });
}
