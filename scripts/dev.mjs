/**
 * `npm run dev`: PocketBase on PORT (8090) in dev mode with hook reloading, and Vite's dev server with hot
 * reload (it proxies /api to PocketBase). Data in DATA_DIR (./pb_data).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createServer } from "vite";
import { ROOT, pocketbaseBinary, prepareDataDir, serveArgs, withoutBootstrapSecrets } from "./lib/pocketbase.mjs";

const port = Number(process.env.PORT || 8090);
const dataDir = path.resolve(process.env.DATA_DIR || path.join(ROOT, "pb_data"));
process.stdout.write(await prepareDataDir(dataDir));
const pbProcess = spawn(pocketbaseBinary(), serveArgs({ host: "127.0.0.1", port, dataDir, dev: true }), {
  env: withoutBootstrapSecrets(process.env),
  stdio: "inherit",
});
const vite = await createServer({ root: ROOT, server: { proxy: { "/api": `http://127.0.0.1:${port}` } } });
await vite.listen();
vite.printUrls();
process.on("SIGINT", async () => {
  pbProcess.kill("SIGTERM");
  await vite.close();
  process.exit(0);
});
