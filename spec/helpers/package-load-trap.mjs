// Preloaded through NODE_OPTIONS="--import ...": prints "package loaded: <name>" to stderr the first
// time a module of each package under node_modules is loaded, for tests of what a command loads.
import { register } from "node:module";

register("data:text/javascript," + encodeURIComponent(`
const seen = new Set();
export async function load(url, context, next) {
  const match = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url);
  if (match && !seen.has(match[1])) {
    seen.add(match[1]);
    process.stderr.write("package loaded: " + match[1] + "\\n");
  }
  return next(url, context);
}
`));
