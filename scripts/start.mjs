/**
 * `npm start`: builds the PWA, applies migrations, makes sure a studio owner exists (from OWNER_EMAIL and
 * OWNER_PASSWORD), then runs PocketBase serving the API and the built app from one port.
 * HOST (127.0.0.1), PORT (8090) and DATA_DIR (./pb_data) override the defaults; SKIP_BUILD=1 reuses dist/.
 */
import path from "node:path";
import { build } from "vite";
import { ROOT, prepareDataDir, startPocketBase } from "./lib/pocketbase.mjs";

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 8090);
const dataDir = path.resolve(process.env.DATA_DIR || path.join(ROOT, "pb_data"));

if (process.env.SKIP_BUILD !== "1") {
  console.log("Building the app...");
  await build({ root: ROOT, logLevel: "warn" });
}
process.stdout.write(await prepareDataDir(dataDir));
const server = await startPocketBase({ host, port, dataDir, stdio: "inherit" });
console.log(`\nStudio Gallery is running at ${server.url}/  (data in ${path.relative(process.cwd(), dataDir) || "."})`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await server.stop();
    process.exit(0);
  });
}
server.process.on("exit", (code) => process.exit(code ?? 1));
