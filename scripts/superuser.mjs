/**
 * `npm run superuser -- EMAIL`: creates or updates a PocketBase superuser (dashboard at /_/). Reads the
 * password from stdin (typed without echo at a terminal, twice; or piped:
 * `printf '%s\n' "$PASSWORD" | npm run superuser -- EMAIL`), never from the command line, and hands it to
 * the PocketBase command through its environment. Uses DATA_DIR like `npm start`.
 */
import path from "node:path";
import { ROOT, upsertSuperuser } from "./lib/pocketbase.mjs";
import { readNewPassword } from "./lib/read-secret.mjs";

const [email, ...rest] = process.argv.slice(2);
if (!email || rest.length) {
  console.error("Usage: npm run superuser -- EMAIL   (the password is read from stdin, never the command line)");
  process.exit(1);
}
const password = await readNewPassword(`Password for the superuser ${email}: `);
if (password === null) {
  console.error("The two passwords differ; nothing was changed.");
  process.exit(1);
}
if (!password) {
  console.error("No password given; nothing was changed.");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR || path.join(ROOT, "pb_data"));
try {
  process.stdout.write(await upsertSuperuser(dataDir, email, password));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
