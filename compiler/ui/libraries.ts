/** Every UI library pages can be written with, by the name the IR gives it. */
import type { UiLibraryName } from "../ir.js";
import type { UiLibrary } from "./library.js";
import { react } from "./react.js";
import { solid } from "./solid.js";
import { svelte } from "./svelte.js";
import { vue } from "./vue.js";

const LIBRARIES: Partial<Record<UiLibraryName, UiLibrary>> = { react, vue, svelte, solid };

/** The libraries this version compiles pages for; inference refuses the others. */
export function hasUiLibrary(name: UiLibraryName): boolean {
  return LIBRARIES[name] !== undefined;
}

export function uiLibrary(name: UiLibraryName): UiLibrary {
  const library = LIBRARIES[name];
  if (!library) throw new Error(`no UI library named ${name} in this version`);
  return library;
}
