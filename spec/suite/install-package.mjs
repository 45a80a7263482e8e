/**
 * Packs the package as the registry would serve it and installs the tarball into a folder the
 * fixture apps are copied under, so every CLI and end-to-end test runs what users install, not
 * this checkout.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

function npm(args, cwd) {
  const result = spawnSync("npm", [...args, "--no-audit", "--no-fund"], { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed in ${cwd}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `npm pack` runs prepack (clean lib/) and prepare (compile it): the tarball is built afresh. */
export function packPackage(repoRoot, destination) {
  const [packed] = JSON.parse(npm(["pack", "--json", "--pack-destination", destination], repoRoot));
  return { tarball: path.join(destination, packed.filename), bytes: packed.size, files: packed.entryCount };
}

/** The subfolder of the apps folder whose own node_modules holds vue-tsc, svelte-check and their TypeScript. */
export const TYPE_CHECKERS_DIR = "type-checkers";

/**
 * A plain app folder with the tarball installed, plus what a user adds beside it: TypeScript to
 * type-check, every optional peer (the UI libraries with their compilers, the database, auth,
 * Redis and sandbox packages, at the versions this repository develops against), React's types,
 * and sdk's own vite, as `sdk init`'s UI templates add it (else the plugins' peer would install a
 * newer vite beside it). Fixture apps go in subfolders and resolve them as Node does.
 */
export function installPackage(repoRoot, tarball, appsDir) {
  const own = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
  mkdirSync(appsDir, { recursive: true });
  const peers = Object.fromEntries(Object.keys(own.peerDependencies).map((name) => [name, own.devDependencies[name] ?? own.peerDependencies[name]]));
  const manifest = {
    name: "sdk-test-apps",
    private: true,
    type: "module",
    dependencies: {
      sdk: `file:${path.relative(appsDir, tarball)}`,
      typescript: own.devDependencies.typescript,
      "@types/node": own.devDependencies["@types/node"],
      "@types/react": own.devDependencies["@types/react"],
      "@types/react-dom": own.devDependencies["@types/react-dom"],
      vite: own.dependencies.vite,
      ...peers,
    },
  };
  writeFileSync(path.join(appsDir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  npm(["install", "--prefer-offline", "--no-package-lock"], appsDir);
  installTypeCheckers(path.join(appsDir, TYPE_CHECKERS_DIR));
}

function installTypeCheckers(dir) {
  const { "//": _why, ...dependencies } = JSON.parse(readFileSync(new URL("./type-checkers.json", import.meta.url), "utf8"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ name: "sdk-type-checkers", private: true, dependencies }, null, 2)}\n`);
  npm(["install", "--prefer-offline", "--no-package-lock"], dir);
}
