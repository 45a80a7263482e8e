/**
 * A UI library as the compiler sees it: which page files it owns, how its components compile and
 * which runtime adapters render them. Each library is one file beside this one (react.ts); the
 * build's Rolldown bundles read these settings (rolldown-settings.ts) and the dev server gives
 * the library's own Vite plugin the same options, so a component compiles alike in dev and in the
 * build.
 */
import type { RolldownPluginOption, TransformOptions } from "rolldown";
import type { PluginOption } from "vite";
import type { BuildMode, UiLibraryName } from "../ir.js";

/**
 * Rolldown's JSX options: the automatic runtime from a package (`development` for its development
 * runtime, which records each element's source for the library's warnings), or JSX left as it is.
 */
export type UiJsxSettings = NonNullable<TransformOptions["jsx"]>;

export interface UiCompileSettings {
  /** Per mode: a library's development runtime may need its development JSX. */
  jsx(mode: BuildMode): UiJsxSettings;
  /**
   * Expressions replaced in every module, node_modules included, as Vite's `define` takes them:
   * libraries pick their development or production build by reading these.
   */
  define(mode: BuildMode): Readonly<Record<string, string>>;
  /**
   * package.json `exports` conditions under which component packages publish their source for the
   * app's compiler to compile (`solid`, `svelte`), as each library's Vite plugin adds them.
   */
  readonly exportConditions?: readonly string[];
  /**
   * Plugins for component files Rolldown's own transform cannot compile (`.vue`, `.svelte`,
   * Solid's JSX); none for React. A promise lets a library load its compiler only when an app
   * uses it.
   */
  componentPlugins?(mode: BuildMode, side: UiSide): RolldownPluginOption[] | Promise<RolldownPluginOption[]>;
}

export type UiSide = "server" | "client";

/** A runtime module an adapter is imported from, and the name it exports. */
export interface UiAdapterModule {
  readonly module: string;
  readonly export: string;
  /** The module in its place on servers with Node.js's modules (node, Bun, Deno, a worker with nodejs_compat), exporting the same name. */
  readonly withNodeModules?: string;
}

export interface UiLibrary {
  readonly name: UiLibraryName;
  /** Extensions of page and layout files written with this library (Markdown pages aside). */
  readonly pageExtensions: readonly string[];
  /**
   * Packages that must exist once per bundle, resolved from the app's root whoever imports them:
   * our runtime's adapter and the app's components must share one React, even when sdk is linked
   * from elsewhere (npm link, a workspace), or hooks break.
   */
  readonly dedupe: readonly string[];
  readonly compile: UiCompileSettings;
  /** The `UiServerAdapter` and `UiClientAdapter` of runtime/pages/types.ts. */
  readonly adapters: { readonly server: UiAdapterModule; readonly client: UiAdapterModule };
  /** The runtime module whose `markdownPage(html)` makes a Markdown page this library's component. */
  readonly markdownComponent: string;
  readonly types: UiTypeSettings;
  readonly dev: UiDevSettings;
}

/**
 * The dev server's side of the same compile: the library's own Vite plugin (its HMR lives there),
 * given the options the production build compiles with.
 */
export interface UiDevSettings {
  /** Imported only when `sdk dev` runs, so a build never loads Vite. */
  vitePlugins(): Promise<PluginOption[]>;
  /** A module the browser runs before any component: React Refresh's preamble. */
  readonly clientPreamble?: string;
  /**
   * What our client runtime imports from the library, bundled by Vite before the first page
   * loads: our package is served unbundled, so Vite's scan of the app cannot see these.
   */
  readonly optimizeDeps: readonly string[];
}

/** What `sdk prepare` writes and says so an app's components type-check with their props. */
export interface UiTypeSettings {
  /** How tsconfig.json reads JSX in this library's files; absent for a library without JSX. */
  readonly tsconfigJsx?: { readonly jsx: "react-jsx" | "preserve"; readonly jsxImportSource?: string };
  /**
   * The command that type-checks components with their templates (`tsc --noEmit` where
   * TypeScript alone reads them); `package` names what to install when it is not TypeScript.
   */
  readonly checker: { readonly command: string; readonly package?: string };
}
