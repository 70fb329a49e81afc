/**
 * `npm run reset-owner-password`: sets a new password for the studio owner when the server cannot email a
 * reset link. Reads the password from stdin (typed without echo at a terminal, twice; or piped:
 * `printf '%s\n' "$NEW" | npm run reset-owner-password`), never from the command line, and hands it to the
 * PocketBase command through its environment. Uses DATA_DIR like `npm start`; works with the server running.
 */
import path from "node:path";
import { ROOT, runPocketBaseCommand } from "./lib/pocketbase.mjs";
import { readNewPassword } from "./lib/read-secret.mjs";

const password = await readNewPassword("New password for the studio owner: ");
if (password === null) {
  console.error("The two passwords differ; nothing was changed.");
  process.exit(1);
}
if (password.length < 6) {
  console.error("The password must be at least 6 characters; nothing was changed.");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR || path.join(ROOT, "pb_data"));
try {
  process.stdout.write(await runPocketBaseCommand(["reset-owner-password"], dataDir, { NEW_OWNER_PASSWORD: password }));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
