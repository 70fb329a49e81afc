/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources (otherwise starts at once),
 * applies migrations, makes sure a studio owner exists (from OWNER_EMAIL and OWNER_PASSWORD, or asked for in a
 * terminal; without either, the instruction is printed again after the server's start lines), then runs
 * PocketBase serving the API and the built app from one port. With a prebuilt dist/ it needs production
 * dependencies only (`npm ci --omit=dev`): Vite is imported only when a build is due.
 * HOST (127.0.0.1), PORT (8090) and DATA_DIR (./pb_data) override the defaults; SKIP_BUILD=1 never builds;
 * HOOKS_POOL sizes PocketBase's pool of JS VMs (300, lib/pocketbase.mjs). The PocketBase binary must match its
 * pinned SHA-256 (lib/pocketbase-binary.mjs) unless the operator set POCKETBASE_BIN.
 */
import path from "node:path";
import { askForOwner, lacksOwner, NO_OWNER_REMINDER } from "./lib/first-owner.mjs";
import { buildNeeded } from "./lib/freshness.mjs";
import { PRODUCTION_HOOKS_POOL, ROOT, lockDownDataDir, pocketbaseBinary, prepareDataDir, startPocketBase } from "./lib/pocketbase.mjs";

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 8090);
const dataDir = path.resolve(process.env.DATA_DIR || path.join(ROOT, "pb_data"));

// The server binary first: a binary that is not the pinned PocketBase stops here, before anything runs.
try {
  pocketbaseBinary();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const why = process.env.SKIP_BUILD === "1" ? null : buildNeeded(ROOT);
if (why) {
  let vite;
  try {
    vite = await import("vite");
  } catch {
    console.error(
      `dist/ is ${why === "missing" ? "missing" : "older than the sources"}, and the build tools are not installed ` +
        "(production install). Run `npm ci && npm run build` where the devDependencies are, then start again.",
    );
    process.exit(1);
  }
  console.log(why === "missing" ? "Building the app (first start)..." : "The sources changed: rebuilding the app...");
  await vite.build({ root: ROOT, logLevel: "warn" });
}
lockDownDataDir(dataDir);
let ownerNote = await prepareDataDir(dataDir);
// The first start in a terminal asks for the owner (issue 37); otherwise the instruction comes again below.
if (lacksOwner(ownerNote) && process.stdin.isTTY && process.stdout.isTTY) ownerNote = await askForOwner(dataDir);
process.stdout.write(ownerNote);
const server = await startPocketBase({ host, port, dataDir, stdio: "inherit", hooksPool: PRODUCTION_HOOKS_POOL });
console.log(`\nStudio Gallery is running at ${server.url}/  (data in ${path.relative(process.cwd(), dataDir) || "."})`);
if (lacksOwner(ownerNote)) console.log(NO_OWNER_REMINDER);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await server.stop();
    process.exit(0);
  });
}
server.process.on("exit", (code) => process.exit(code ?? 1));
