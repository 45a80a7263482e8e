/** The package's version, read once from its package.json. */
import { readFileSync } from "node:fs";
import { packagePath } from "../compiler/paths.js";

export const SDK_VERSION: string = JSON.parse(readFileSync(packagePath("package.json"), "utf8")).version;
