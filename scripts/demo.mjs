// `npm run demo`: builds examples/hello for Node.js with the real CLI and serves it on PORT (3000).
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const example = fileURLToPath(new URL("../examples/hello", import.meta.url));
const sdk = fileURLToPath(new URL("../cli/bin.mjs", import.meta.url));

const built = spawnSync(process.execPath, [sdk, "build", "--root", example, "--target", "node"], { stdio: "inherit", cwd: repo });
if (built.status !== 0) process.exit(built.status ?? 1);

const port = process.env.PORT ?? "3000";
const server = spawn(process.execPath, ["dist/server/index.mjs"], {
  cwd: example,
  stdio: "inherit",
  env: { ...process.env, PORT: port, HOST: process.env.HOST ?? "127.0.0.1" },
});
console.log(`\nOpen http://127.0.0.1:${port}/ or try: curl http://127.0.0.1:${port}/api/users/1   (Ctrl-C stops it)\n`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill("SIGTERM"));
server.on("exit", (code) => process.exit(code ?? 0));
