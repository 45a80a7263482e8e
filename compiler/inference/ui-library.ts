/**
 * Which UI library renders the app's pages, decided without asking where it can be: `.vue` files
 * are Vue, `.svelte` files Svelte, `.tsx`/`.jsx` React or Solid by the app's dependencies. One
 * library per app: files of two are a located error, and `.tsx` with both react and solid-js
 * installed needs the choice written once, as `sdkPlugin({ ui })` in bundler.config.ts.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { PageIR, UiLibraryName } from "../ir.js";
import { installCommand } from "../optional-packages.js";
import { hasUiLibrary } from "../ui/libraries.js";
import { readPackageJson } from "./app-type.js";

export interface UiLibraryDecision {
  ui: UiLibraryName | null;
  diagnostics: Diagnostic[];
}

/** Page files by the libraries that can render them; Markdown renders with any. */
interface Family {
  readonly name: string;
  readonly extensions: readonly string[];
  readonly libraries: readonly UiLibraryName[];
}

const FAMILIES: readonly Family[] = [
  { name: "Vue (.vue)", extensions: [".vue"], libraries: ["vue"] },
  { name: "Svelte (.svelte)", extensions: [".svelte"], libraries: ["svelte"] },
  { name: "JSX (.tsx, .jsx)", extensions: [".tsx", ".jsx"], libraries: ["react", "solid"] },
];

const ANY: Family = { name: "Markdown", extensions: [".md"], libraries: ["react", "vue", "svelte", "solid"] };

/** The npm package that makes a library available to the app. */
const PACKAGES: Record<UiLibraryName, string> = { react: "react", vue: "vue", svelte: "svelte", solid: "solid-js" };

const INSTALL: Record<UiLibraryName, string> = {
  react: "npm install react react-dom",
  vue: "npm install vue",
  svelte: "npm install svelte",
  solid: "npm install solid-js",
};

const familyOf = (file: string): Family => FAMILIES.find((family) => family.extensions.some((ext) => file.endsWith(ext))) ?? ANY;

export function detectUiLibrary(root: string, pages: readonly PageIR[], chosen?: UiLibraryName): UiLibraryDecision {
  if (pages.length === 0) return { ui: null, diagnostics: [] };
  const files = pages.flatMap((page) => [page.file, ...page.layouts]);
  const families = [...new Set(files.map(familyOf).filter((family) => family !== ANY))];
  if (families.length > 1) return mixed(files, families);
  const family = families[0] ?? ANY;
  const first = files.find((file) => familyOf(file) === family)!;
  const installed = new Set(readPackageJson(root)?.dependencies ?? []);
  const candidates = family.libraries.filter((library) => installed.has(PACKAGES[library]));

  if (chosen !== undefined && !family.libraries.includes(chosen)) {
    return refused("SDK_UI_LIBRARY_MIXED", first, `${first} cannot be rendered by ${chosen}, which bundler.config.ts chooses with sdkPlugin({ ui }).`, `Write the pages with ${chosen}, or choose a library for ${family.name} pages.`);
  }
  const pick = chosen ?? (candidates.length === 1 ? candidates[0] : undefined);
  if (pick === undefined && candidates.length > 1) {
    return refused("SDK_UI_LIBRARY_AMBIGUOUS", first, `${first} could be rendered by ${candidates.join(" or ")}: the app depends on ${candidates.map((c) => PACKAGES[c]).join(" and ")}.`, `Choose one in bundler.config.ts: export default { plugins: [sdkPlugin({ ui: "${candidates[0]}" })] }`);
  }
  if (pick === undefined || !installed.has(PACKAGES[pick])) {
    const library = pick ?? family.libraries[0]!;
    // Its compiler and plugin too, when they are missing, so one command gets the app building.
    const install = [INSTALL[library], installCommand(library)].filter(Boolean).join(" && ");
    return refused("SDK_UI_LIBRARY_MISSING", first, `${first} is a page, and pages render with a UI library the app does not have.`, `Install it in the app: ${install}`);
  }
  if (!hasUiLibrary(pick)) {
    return refused("SDK_UI_LIBRARY_UNAVAILABLE", first, `${pick} pages are not available in this version of sdk yet.`, "Write the pages with a library this version has (React: .tsx with react and react-dom installed).");
  }
  return { ui: pick, diagnostics: [] };
}

/** Located at the first file of the second library, naming a file of the first. */
function mixed(files: readonly string[], families: readonly Family[]): UiLibraryDecision {
  const [first, second] = families as [Family, Family];
  const kept = files.find((file) => familyOf(file) === first)!;
  const other = files.find((file) => familyOf(file) === second)!;
  return refused("SDK_UI_LIBRARY_MIXED", other, `${other} is a ${second.name} page, but ${kept} is ${first.name}: an app renders its pages with one UI library.`, `Rewrite ${other} as ${first.name}, or move the other pages to ${second.name}.`);
}

function refused(code: string, file: string, message: string, hint: string): UiLibraryDecision {
  return { ui: null, diagnostics: [error(code, message, { file, hint })] };
}
