/**
 * A folder that holds nothing an app is made of is not an app without routes: it is nearly always
 * the wrong folder (a mistyped --root, a command run one level too high). Compiling it would
 * quietly write a server that answers 404 to everything, so the front end stops here instead.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { AppType } from "../config/define.js";
import { error, type Diagnostic } from "../diagnostics.js";
import { isDirectory } from "../scan/files.js";
import { CONVENTION_DIRS, CONVENTION_FILES, type ProjectLayout } from "../scan/project.js";

/**
 * What makes a folder an app, as shown to the user. Any of them is enough: public/ alone is a
 * static site, package.json may hold the app's own build, sdk.config.ts may set everything else.
 */
export const APP_MARKERS: readonly string[] = [
  ...CONVENTION_DIRS.map((name) => `${name}/`),
  ...CONVENTION_FILES,
  "public/",
  "package.json",
  "sdk.config.ts",
];

/**
 * `appType` is the detected one: anything but `sdk` was detected from something in the folder
 * (static output, a framework dependency), which makes it an app too.
 */
export function validateAppPresent(layout: ProjectLayout, appType: AppType): Diagnostic[] {
  if (appType !== "sdk" || Object.keys(layout.conventions).length > 0) return [];
  if (APP_MARKERS.some((marker) => existsSync(path.join(layout.root, marker)))) return [];
  const why = isDirectory(layout.root)
    ? `it has none of ${APP_MARKERS.slice(0, -1).join(", ")} or ${APP_MARKERS.at(-1)}`
    : "there is no such folder";
  return [
    error("SDK_NO_APP", `no app found in ${layout.root}: ${why}.`, {
      hint: "create routes/api/hello.ts to start an app here, or point --root at your app's folder",
    }),
  ];
}
