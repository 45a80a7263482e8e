/**
 * The `sdk` command line: parses arguments with cac and runs one command. Exit codes: 0 success,
 * 1 a user error (diagnostics printed, never a stack trace), 2 an internal fault.
 */
import { cac } from "cac";
import { UserError } from "../compiler/diagnostics.js";
import { BuildCommandFailed } from "../compiler/inference/build-command.js";
import { closest, firstUnknownFlag, flagsOf } from "./did-you-mean.js";
import { printDiagnostics, red } from "./report.js";
import { SDK_VERSION } from "./version.js";

/**
 * Each command's module loads only when it runs: `sdk build` never pays for Miniflare, and
 * `sdk preview` never pays for TypeScript and the bundlers.
 */
const buildCommand = async (flags: never) => (await import("./commands/build.js")).buildCommand(flags);
const previewCommand = async (flags: never) => (await import("./commands/preview.js")).previewCommand(flags);
const prepareCommand = async (flags: never) => (await import("./commands/prepare.js")).prepareCommand(flags);
const inspectCommand = async (flags: never) => (await import("./commands/inspect.js")).inspectCommand(flags);
const ejectCommand = async (flags: never) => (await import("./commands/eject.js")).ejectCommand(flags);
const devCommand = async (flags: never) => (await import("./commands/dev.js")).devCommand(flags);
const genCommand = async (kind: string, args: string[], flags: never) => (await import("./commands/gen-model.js")).genModelCommand(kind, args, flags);
const initCommand = async (dir: string | undefined, flags: never) => (await import("./commands/init.js")).initCommand(dir, flags);
const migrateCommand = async (flags: never) => (await import("./commands/migrate.js")).migrateCommand(flags);
const dbCommand = async (action: string, flags: never) => (await import("./commands/db.js")).dbCommand(action, flags);
const accountCommand = async (action: string, args: string[], flags: never) => (await import("./commands/account.js")).accountCommand(action, args, flags);
const projectCommand = async (action: string, args: string[], flags: never) => (await import("./commands/project.js")).projectCommand(action, args, flags);
const deployCommand = async (flags: never) => (await import("./commands/deploy.js")).deployCommand(flags);
const rollbackCommand = async (version: string | undefined, flags: never) => (await import("./commands/rollback.js")).rollbackCommand(version, flags);
const secretCommand = async (action: string, args: string[], flags: never) => (await import("./commands/secret.js")).secretCommand(action, args, flags);

function createCli() {
  const cli = cac("sdk");
  cli.option("--root <dir>", "Project root", { default: "." });
  cli.option("--json", "Print machine-readable results");
  cli
    .command("init [dir]", "Start an app in a new folder from a template, or add sdk to the project in this one")
    .option("--template <name>", "api, react, vue, svelte or solid (default: api)")
    .option("--tsconfig", "in an existing project, add sdk's base to tsconfig.json's extends, keeping yours")
    .action(initCommand);
  cli
    .command("migrate", "Convert older config files (sdk.json, sdk.jsonc, wrangler.json, wrangler.jsonc, wrangler.toml) into sdk.config.ts")
    .action(migrateCommand);
  cli
    .command("dev", "Run the app on a dev server that applies every saved change")
    .option("--port <port>", "Port to listen on", { default: 5173 })
    .option("--host [host]", "Host to listen on; without a value, every interface", { default: "localhost" })
    .option("--target <target>", "edge, node, bun or deno (default: config `target`, else edge)")
    .action(devCommand);
  cli
    .command("build", "Build the app into dist/ for one target")
    .option("--target <target>", "edge, node, bun or deno (default: config `target`, else edge)")
    .option("--mode <mode>", "production or development", { default: "production" })
    .option("--report", "also draw the build report's treemap, .sdk/report/index.html (needs rollup-plugin-visualizer)")
    .action(buildCommand);
  cli
    .command("preview", "Serve the built app from dist/ in its runtime (edge: workerd through Miniflare)")
    .option("--port <port>", "Port to listen on", { default: 8787 })
    .option("--host <host>", "Host to listen on", { default: "127.0.0.1" })
    .action(previewCommand);
  cli.command("prepare", "Write .sdk/tsconfig.json and the generated types").action(prepareCommand);
  cli
    .command("inspect", "Show the route table, middleware, bindings and diagnostics")
    .option("--target <target>", "edge, node, bun or deno")
    .action(inspectCommand);
  cli
    .command("eject", "Write the generated app as a plain project that builds without sdk")
    .option("--target <target>", "edge, node, bun or deno")
    .option("--out <dir>", "Folder to write the project into (must be empty or absent)")
    .action(ejectCommand);
  cli
    .command("db <action>", "The database: generate (the next migration from db/schema.ts), migrate (apply pending ones), status")
    .option("--name <name>", "generate: the migration's name (default: init, then update)")
    .option("--rename <table.old:new>", "generate: a renamed column (table.old:new) or table (old:new); repeat for several")
    .option("--allow-data-loss", "generate, migrate: accept dropping or rebuilding a table that others reference with ON DELETE CASCADE or SET NULL")
    .option("--switch-dialect", "generate: move db/migrations/ of the earlier database (another `database` dialect) aside with its sdk.lock.json history, then generate the first migration for the new one")
    .option("--dry-run", "migrate: apply to a copy of the local data and report row counts per table")
    .option("--remote", "migrate, status: the deployed database instead of the local one")
    .action(dbCommand);
  cli
    .command("gen <kind> [...args]", "Generate code: gen model <name> <field:type>... (a table, its migration and CRUD routes)")
    .action(genCommand);
  cli
    .command("account <action> [...args]", "The platform account: login (the API token from stdin or a hidden prompt), logout, whoami")
    .option("--account <id>", "login: which of the token's accounts, when it reaches several")
    .option("--token [token]", "refused: a token on the command line leaks into ps and shell history; pipe it on stdin")
    .action(accountCommand);
  cli
    .command("project <action> [...args]", "This folder's worker on the platform: link (records it in .sdk/link.json)")
    .option("--name <worker>", "link: the worker (default: edge.name, else the app's name)")
    .option("--create", "link: create the worker now, as a draft, when it does not exist yet")
    .option("--account <id>", "link: which of the token's accounts (default: the one logged in to)")
    .action(projectCommand);
  cli
    .command("deploy", "Build, provision, migrate and deploy to the edge platform: staged (checked before it gets traffic) unless --atomic")
    .option("--atomic", "move traffic to the new version first, then check it (a failed check rolls back)")
    .option("--require-email", "refuse unless email.from's mail setup is verified")
    .option("--dry-run", "send nothing: write the requests and the upload under .sdk/deploy/")
    .option("--allow-data-loss", "apply a migration that drops or rebuilds a table others reference with ON DELETE CASCADE or SET NULL")
    .action(deployCommand);
  cli
    .command("rollback [version]", "Move the linked worker's traffic back to an earlier version (default: the one before the current); its limits.cpu_ms is capped at the plan's ceiling")
    .action(rollbackCommand);
  cli
    .command("secret <action> [...args]", "The linked worker's secrets: put NAME (the value from stdin or a hidden prompt), list (names only), delete NAME")
    .action(secretCommand);
  cli.help();
  cli.version(SDK_VERSION);
  return cli;
}

export async function run(argv: string[]): Promise<number> {
  const cli = createCli();
  const root = () => String(cli.options.root ?? ".");
  try {
    cli.parse(argv, { run: false });
    if (cli.options.help || cli.options.version) return 0;
    if (!cli.matchedCommand) {
      const given = cli.args[0];
      const meant = given && closest(given, cli.commands.map((command) => command.name));
      console.error(red(given ? `Unknown command \`${given}\`.` : "No command given.") + (meant ? ` Did you mean \`sdk ${meant}\`?` : "") + " Run `sdk --help` for the commands.");
      return 1;
    }
    const known = [...cli.globalCommand.options, ...cli.matchedCommand.options].flatMap((option) => flagsOf(option.rawName));
    const unknown = firstUnknownFlag(cli.rawArgs.slice(2), known);
    if (unknown) {
      const meant = closest(unknown, known.filter((flag) => flag.startsWith("--")));
      console.error(red(`Unknown option \`${unknown}\` for \`sdk ${cli.matchedCommand.name}\`.`) + (meant ? ` Did you mean \`${meant}\`?` : "") + ` Run \`sdk ${cli.matchedCommand.name} --help\` for its options.`);
      return 1;
    }
    await cli.runMatchedCommand();
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (cause) {
    if (cause instanceof UserError) {
      if (cli.options.json) console.log(JSON.stringify({ ok: false, diagnostics: cause.diagnostics }, null, 2));
      else printDiagnostics(root(), cause.diagnostics);
      // The app's own build command failed: exit as it did, so scripts see its code.
      return cause instanceof BuildCommandFailed ? cause.exitCode : 1;
    }
    if ((cause as Error)?.name === "CACError") {
      console.error(red((cause as Error).message) + ". Run `sdk --help` for the options.");
      return 1;
    }
    console.error(red("sdk: internal error (please report it):"));
    console.error(cause);
    return 2;
  }
}
