/** `npm run superuser -- EMAIL PASSWORD`: creates or updates a PocketBase superuser (dashboard at /_/). */
import path from "node:path";
import { ROOT, upsertSuperuser } from "./lib/pocketbase.mjs";

const [email, password] = process.argv.slice(2);
if (!email || !password) {
  console.error("Usage: npm run superuser -- EMAIL PASSWORD");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR || path.join(ROOT, "pb_data"));
process.stdout.write(await upsertSuperuser(dataDir, email, password));
