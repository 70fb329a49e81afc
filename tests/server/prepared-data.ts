/**
 * A prepared data folder for a test server, copied from one made once per machine and code: the migrations,
 * the maintenance superuser, the studio owner and the test superuser, as `prepareDataDir` and `upsertSuperuser`
 * make them, cost four PocketBase processes (2-4 s on a shared 2-core machine), and the server tier starts
 * about 80 servers. The template's name is a hash of everything that shapes it (migrations, hooks, the
 * PocketBase binary, the accounts, an encryption key in the environment), so a change to any of them makes a
 * new one; it is built in a folder of its own and renamed into place, so two files preparing at once never
 * read half a template. Copies share the template's secrets (token keys), which no test compares across servers.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, pocketbaseBinary, prepareDataDir, upsertSuperuser } from "../../scripts/lib/pocketbase.mjs";

function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) hashTree(hash, full);
    else hash.update(path.relative(ROOT, full)).update(readFileSync(full));
  }
}

function templateName(accounts: Record<string, string>): string {
  const hash = createHash("sha256");
  hashTree(hash, path.join(ROOT, "pb_migrations"));
  hashTree(hash, path.join(ROOT, "pb_hooks"));
  const binary = statSync(pocketbaseBinary());
  hash.update(`${pocketbaseBinary()} ${binary.size} ${binary.mtimeMs}`);
  hash.update(JSON.stringify(accounts)).update(process.env.PB_ENCRYPTION_KEY ?? "");
  return `sg-pb-template-${hash.digest("hex").slice(0, 16)}`;
}

/** Fills the empty folder `dataDir` as prepareDataDir + upsertSuperuser would, from the machine's template. */
export async function preparedDataDir(dataDir: string, owner: { email: string; password: string }, superuser: { email: string; password: string }): Promise<void> {
  const template = path.join(os.tmpdir(), templateName({ ...owner, superuser: superuser.email, superPassword: superuser.password }));
  if (!existsSync(path.join(template, "data.db"))) {
    const building = mkdtempSync(path.join(os.tmpdir(), "sg-pb-building-"));
    await prepareDataDir(building, { OWNER_EMAIL: owner.email, OWNER_PASSWORD: owner.password });
    await upsertSuperuser(building, superuser.email, superuser.password);
    try {
      renameSync(building, template);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another file made it first: same inputs, same template
    }
  }
  cpSync(template, dataDir, { recursive: true });
}
