/**
 * A wrangler project's D1 migrations, adopted: the `.sql` files of the database's
 * `migrations_dir` (wrangler's default `migrations/`) move to `db/migrations/`, where
 * `sdk db migrate` reads them, under their own names, since the database's `d1_migrations` table
 * (wrangler's and sdk's history alike) records them by name: one wrangler applied is never applied
 * again, locally or remotely. Wrangler's local D1 data (`.wrangler/state/v3/d1`) is copied to
 * where sdk keeps it, so local data and history carry over too. What cannot move safely stays
 * where it is, with the reason.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync } from "node:fs";
import path from "node:path";
import { DEFAULT_DB_BINDING, migrationsDir } from "../../compiler/db/database.js";
import { toPosixRelative } from "../../compiler/paths.js";
import { migrationNameProblem } from "../db/migration-files.js";
import { HISTORY_TABLE } from "../db/target.js";
import { persistRoot } from "../local-state.js";

/** wrangler's defaults for a D1 binding's `migrations_dir` and its local state folder. */
const WRANGLER_MIGRATIONS_DIR = "migrations";
const WRANGLER_D1_STATE = ".wrangler/state/v3/d1";

type D1Entry = { binding?: unknown; migrations_dir?: unknown; migrations_table?: unknown } & Record<string, unknown>;

export interface D1Adoption {
  /** The sdk.config.ts values: `migrations_dir` gone from the entry, the binding named when it is not DB. */
  config: Record<string, unknown>;
  /** `sql/0001_init.sql -> db/migrations/0001_init.sql`, for the report. */
  moved: string[];
  notes: string[];
  /** Moves the files and copies the local state; run once sdk.config.ts is written and loads. */
  apply(): string[];
}

export function adoptD1Migrations(root: string, config: Record<string, unknown>): D1Adoption {
  const entries = d1Entries(config);
  const entry = entries.find((e) => e.binding === DEFAULT_DB_BINDING) ?? entries[0];
  const nothing: D1Adoption = { config, moved: [], notes: [], apply: () => [] };
  if (!entry || typeof entry.binding !== "string") return nothing;
  const others = entries.filter((e) => e !== entry).map((e) => String(e.binding));
  const notes = others.length ? [`sdk runs migrations for one D1 database, ${entry.binding}; those of ${others.join(", ")} stay where they are: apply them with \`wrangler d1 migrations apply <name> -c dist/server/wrangler.json\``] : [];

  const folder = typeof entry.migrations_dir === "string" ? entry.migrations_dir : WRANGLER_MIGRATIONS_DIR;
  const from = path.resolve(root, folder);
  const to = migrationsDir({ sourceRoot: path.join(root, typeof config.sourceDir === "string" ? config.sourceDir : "") });
  const named = entry.binding === DEFAULT_DB_BINDING ? config : withDbBinding(config, entry.binding);
  const table = entry.migrations_table ?? HISTORY_TABLE;
  if (table !== HISTORY_TABLE) {
    return { ...nothing, config: named, notes: [...notes, `${entry.binding}'s migrations stay in ${folder}/: wrangler recorded them in the table ${String(table)}, and sdk reads its history from ${HISTORY_TABLE}; copy those rows into ${HISTORY_TABLE}, then move the files to ${toPosixRelative(root, to)}/`] };
  }
  const adopted = withoutMigrationsDir(named, entry);
  if (!existsSync(from) || from === to) return { ...nothing, config: adopted, notes };
  const relative = path.relative(root, from);
  if (relative.split(path.sep)[0] === ".." || path.isAbsolute(relative)) {
    return { ...nothing, config: named, notes: [...notes, `${entry.binding}'s migrations_dir ${folder} is outside the project, so its files are not moved: copy them into ${toPosixRelative(root, to)}/ under the same names`] };
  }

  const entriesInFolder = readdirSync(from, { withFileTypes: true });
  const files = entriesInFolder.filter((e) => e.isFile() && e.name.endsWith(".sql")).map((e) => e.name);
  // A folder of .sql files is one migration to wrangler; others (drizzle-kit's meta/) are not migrations.
  const folders = entriesInFolder.filter((e) => e.isDirectory() && readdirSync(path.join(from, e.name)).some((name) => name.endsWith(".sql"))).map((e) => e.name);
  const misnamed = files.filter((name) => migrationNameProblem(name) !== null);
  const taken = files.filter((name) => existsSync(path.join(to, name)));
  const target = toPosixRelative(root, to);
  if (misnamed.length || taken.length || folders.length) {
    const why = misnamed.length
      ? `${misnamed.join(", ")} ${misnamed.length === 1 ? "is" : "are"} not named NNNN_name.sql as wrangler numbers migrations`
      : taken.length ? `${target}/ already has ${taken.join(", ")}` : `${folders.join(", ")} ${folders.length === 1 ? "is a folder" : "are folders"} of several files, which sdk does not apply as one migration`;
    return { ...nothing, config: named, notes: [...notes, `${entry.binding}'s migrations stay in ${folder}/, which sdk does not read: ${why}; move them to ${target}/ by hand, keeping the names the database's ${HISTORY_TABLE} table records`] };
  }
  const moved = files.map((name) => `${toPosixRelative(root, path.join(from, name))} -> ${target}/${name}`);
  return {
    config: adopted,
    moved,
    notes,
    apply: () => {
      mkdirSync(to, { recursive: true });
      for (const name of files) renameSync(path.join(from, name), path.join(to, name));
      if (!readdirSync(from).length) rmdirSync(from);
      return copyLocalState(root);
    },
  };
}

function d1Entries(config: Record<string, unknown>): D1Entry[] {
  const list = (config.edge as { d1_databases?: unknown } | undefined)?.d1_databases;
  return Array.isArray(list) ? list.filter((e): e is D1Entry => typeof e === "object" && e !== null) : [];
}

/** `inference.bindings.db`: sdk's database is the worker's binding, whatever its name. */
function withDbBinding(config: Record<string, unknown>, binding: string): Record<string, unknown> {
  const inference = (config.inference ?? {}) as Record<string, unknown>;
  const bindings = (inference.bindings ?? {}) as Record<string, unknown>;
  return { ...config, inference: { ...inference, bindings: { ...bindings, db: bindings.db ?? binding } } };
}

function withoutMigrationsDir(config: Record<string, unknown>, entry: D1Entry): Record<string, unknown> {
  const edge = config.edge as Record<string, unknown>;
  const list = edge.d1_databases as D1Entry[];
  const { migrations_dir: _dir, migrations_table: _table, ...kept } = entry;
  return { ...config, edge: { ...edge, d1_databases: list.map((e) => (e === entry ? kept : e)) } };
}

/** Wrangler's local D1 data, where sdk dev, preview and db migrate look for it, unless sdk has its own already. */
function copyLocalState(root: string): string[] {
  const from = path.join(root, WRANGLER_D1_STATE);
  const to = path.join(persistRoot(root), "d1");
  if (!existsSync(from) || existsSync(to)) return [];
  cpSync(from, to, { recursive: true });
  return [`wrangler's local D1 data (${WRANGLER_D1_STATE}) copied to ${toPosixRelative(root, to)}, with the migrations it applied`];
}
