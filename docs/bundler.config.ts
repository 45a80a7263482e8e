import path from "node:path";
import { sdkPlugin } from "sdk/plugin";
import { docsIndex } from "./plugins/docs-index.ts";

export default { plugins: [sdkPlugin(), docsIndex({ pagesDir: path.join(import.meta.dirname, "pages") })] };
