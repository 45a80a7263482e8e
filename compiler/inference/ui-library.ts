/**
 * Which UI library renders the app's pages, decided without asking: the page files' extensions,
 * then the app's dependencies. One library per app. This version renders pages with React; Vue
 * (`.vue`), Svelte (`.svelte`) and Solid (`.tsx` with solid-js) arrive in a later version, and
 * saying so beats failing on a compile error deep in their files.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { PageIR, UiLibraryName } from "../ir.js";
import { readPackageJson } from "./app-type.js";

export interface UiLibraryDecision {
  ui: UiLibraryName | null;
  diagnostics: Diagnostic[];
}

const LATER = [
  { extension: ".vue", name: "Vue" },
  { extension: ".svelte", name: "Svelte" },
];

export function detectUiLibrary(root: string, pages: readonly PageIR[]): UiLibraryDecision {
  if (pages.length === 0) return { ui: null, diagnostics: [] };
  const files = pages.flatMap((page) => [page.file, ...page.layouts]);
  for (const { extension, name } of LATER) {
    const file = files.find((candidate) => candidate.endsWith(extension));
    if (file) return unavailable(file, `${name} pages (${extension})`);
  }
  const dependencies = readPackageJson(root)?.dependencies ?? [];
  if (dependencies.includes("react")) return { ui: "react", diagnostics: [] };
  const first = files.find((file) => !file.endsWith(".md")) ?? files[0]!;
  if (dependencies.includes("solid-js")) return unavailable(first, "Solid pages");
  return {
    ui: null,
    diagnostics: [
      error("SDK_UI_LIBRARY_MISSING", `${first} is a page, and pages render with a UI library the app does not have.`, {
        file: first,
        hint: "Install React in the app: npm install react react-dom",
      }),
    ],
  };
}

function unavailable(file: string, what: string): UiLibraryDecision {
  return {
    ui: null,
    diagnostics: [
      error("SDK_UI_LIBRARY_UNAVAILABLE", `${what} are not available in this version of sdk yet.`, {
        file,
        hint: "Write the pages with React (.tsx with react and react-dom installed) for now.",
      }),
    ],
  };
}
