/** Every UI library pages can be written with, by the name the IR gives it. */
import type { UiLibraryName } from "../ir.js";
import type { UiLibrary } from "./library.js";
import { react } from "./react.js";

const LIBRARIES: Record<UiLibraryName, UiLibrary> = { react };

export function uiLibrary(name: UiLibraryName): UiLibrary {
  return LIBRARIES[name];
}
