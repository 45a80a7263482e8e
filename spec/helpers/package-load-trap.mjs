// Preloaded through NODE_OPTIONS="--import ...": prints "package loaded: <name>" to stderr the first
// time a module of each package under node_modules is loaded, for tests of what a command loads:
// through `import` (a loader hook, on the loader's thread) and through `require` (Module._load).
import { createRequire, register } from "node:module";

const PACKAGE_OF = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//;

register("data:text/javascript," + encodeURIComponent(`
const seen = new Set();
export async function load(url, context, next) {
  const match = ${PACKAGE_OF}.exec(url);
  if (match && !seen.has(match[1])) {
    seen.add(match[1]);
    process.stderr.write("package loaded: " + match[1] + "\\n");
  }
  return next(url, context);
}
`));

const Module = createRequire(import.meta.url)("node:module");
const required = new Set();
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const match = PACKAGE_OF.exec(Module._resolveFilename(request, parent, isMain));
  if (match && !required.has(match[1])) {
    required.add(match[1]);
    process.stderr.write(`package loaded: ${match[1]}\n`);
  }
  return load.apply(this, arguments);
};
