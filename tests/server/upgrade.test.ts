/**
 * An upgrade from the previous release (README "Upgrading", docs/DEPLOY.md section 6): a studio made and used
 * by that release's server (its migrations, hooks and start script, read from git), stopped, then started by
 * this code on the same data folder as `npm start` does. Everything it held must still be there and work:
 * records and file bytes, the owner's sign-in, a visitor's code and photos, and a device's sync.
 * The device's own database (Dexie schema versions) is upgraded in src/store/store.test.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runPocketBaseCommand } from "../../scripts/lib/pocketbase.mjs";
import { createClient } from "../../src/store/repositories/clients";
import { makeDevice, serverRecords } from "./devices";
import { proofingHelpers, type Gallery } from "./proofing-fixture";
import { STUDIO_COLLECTIONS, fingerprint, makeStudio, photo } from "./studio-fixture";
import { startTestServer, type PocketBaseLib, type TestServer } from "./test-server";

/**
 * The previous release: the commit every data folder in use was made by before this code. There are no
 * release tags yet; move this to the new release's commit when one ships (its migrations are then the ones
 * running servers have).
 */
const PREVIOUS_RELEASE = "3b4d956c8d425e47f4fe14b165723b1e6f8fbaf2";

/** The previous release's server side, unpacked from git into a folder of its own. */
async function previousRelease(): Promise<{ dir: string; lib: PocketBaseLib }> {
  try {
    execFileSync("git", ["cat-file", "-e", `${PREVIOUS_RELEASE}^{commit}`], { cwd: ROOT, stdio: "ignore" });
  } catch {
    throw new Error(
      `The upgrade test reads the previous release (commit ${PREVIOUS_RELEASE}) from git, and this checkout does not have it ` +
        "(not a git clone, or a shallow one). Run it in a full clone, or `git fetch --unshallow` first.",
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-release-"));
  const tar = execFileSync("git", ["archive", "--format=tar", PREVIOUS_RELEASE, "pb_migrations", "pb_hooks", "scripts/lib"], { cwd: ROOT, maxBuffer: 64 << 20 });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  // Its start script finds the PocketBase binary among the installed packages, as `npm ci` left them.
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  const lib = (await import(/* @vite-ignore */ pathToFileURL(path.join(dir, "scripts/lib/pocketbase.mjs")).href)) as PocketBaseLib;
  return { dir, lib };
}

let releaseDir = "";
let server: TestServer;
let before: Awaited<ReturnType<typeof fingerprint>>;
let studio: Awaited<ReturnType<typeof makeStudio>>;
let favourite = "";
let list = "";
let migrated = "";
/** The studio's collections and the visitors' choices: every record the old server held is compared. */
const COLLECTIONS = [...STUDIO_COLLECTIONS, "proof_lists", "proof_favourites", "proof_picks", "proof_states"];
const { unlock, switchPerson, base, state, ownerList, makeList } = proofingHelpers(() => server);
/** The visitor's choices, which the upgrade gives to a person "Client" (pb_migrations/1795536000_proof_people.js). */
const MOVED_TO_CLIENT = ["proof_favourites", "proof_picks", "proof_states"];

beforeAll(async () => {
  const release = await previousRelease();
  releaseDir = release.dir;

  // The studio as the previous release made and served it: clients with their codes, photos with files,
  // the settings with a logo, a proofing list, and a visitor's favourite and pick.
  server = await startTestServer({}, { lib: release.lib });
  studio = await makeStudio(server);
  const g = studio.clients[0]!;
  list = await makeList(g, "Album", 5);
  const cookie = await unlock(g, null); // that release had no people
  favourite = studio.images[1]!;
  expect((await server.api("PUT", `${base(g)}/favourites/${favourite}`, { cookie })).status).toBe(200);
  expect((await server.api("PUT", `${base(g)}/lists/${list}/${favourite}`, { cookie })).status).toBe(200);
  before = await fingerprint(server, COLLECTIONS);
  const dataDir = server.dataDir;
  await server.stop({ keepData: true });

  // The upgrade: this code's migrations and hooks on the same folder, prepared and started as `npm start` does
  // (its first step, `migrate up`, run here on its own to read what it applied; the start's then finds nothing).
  migrated = await runPocketBaseCommand(["migrate", "up"], dataDir);
  server = await startTestServer({}, { dataDir });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (releaseDir) rmSync(releaseDir, { recursive: true, force: true });
});

describe("a data folder made by the previous release, started by this code", () => {
  it("applies the migrations the previous release did not have, and only those", async () => {
    const names = (dir: string) => readdirSync(path.join(dir, "pb_migrations")).filter((f) => f.endsWith(".js"));
    const shipped = new Set(names(releaseDir));
    const added = names(ROOT).filter((f) => !shipped.has(f));
    expect(added.length, "no migration since the previous release: nothing to upgrade (move PREVIOUS_RELEASE?)").toBeGreaterThan(0);
    expect(migrated.match(/Applied \S+\.js/g)?.map((line) => line.slice("Applied ".length)).sort(), migrated).toEqual(added.sort());
    // The newest one's effect (1763772300_keep_less.js): the request log keeps no IPs and one day.
    const settings = await server.api<{ logs: { logIP: boolean; maxDays: number } }>("GET", "/api/settings", { token: server.superToken });
    expect(settings.body.logs).toMatchObject({ logIP: false, maxDays: 1 });
  });

  it("keeps every record and the bytes of every file", async () => {
    const after = await fingerprint(server, COLLECTIONS);
    expect(after.files).toEqual(before.files);
    expect(before.records.proof_picks).toHaveLength(1);
    for (const [name, rows] of Object.entries(before.records)) {
      // A moved row is the same but for its person and its `updated`, new so that devices pull it again.
      const kept = (row: Record<string, unknown>) => (MOVED_TO_CLIENT.includes(name) ? Object.fromEntries(Object.entries(row).filter(([k]) => k !== "updated")) : row);
      expect(after.records[name], name).toEqual(rows.map((row) => expect.objectContaining(kept(row as Record<string, unknown>))));
    }
    // The gallery's one shared selection now belongs to its person "Client", whom every visitor may continue as.
    const people = await ownerList("proof_people");
    expect(people.map((p) => [p.client, p.name, p.shared])).toEqual([[studio.clients[0]!.id, "Client", true]]);
    for (const name of ["proof_favourites", "proof_picks"]) expect((await ownerList(name)).map((r) => r.person), name).toEqual([people[0]!.id]);
  });

  it("lets the owner sign in and list the clients", async () => {
    const clients = await ownerList("clients");
    expect(clients.map((c) => c.name).sort()).toEqual(["Ada Lovelace", "Alan Turing"]);
  });

  it("opens a gallery with the code the client was given, with its photos and the visitor's choices", async () => {
    const g: Gallery = studio.clients[0]!;
    const fresh = await unlock(g, null);
    const offered = await state(g, fresh);
    expect(offered.person).toBeNull();
    expect(offered.shared.map((p) => p.name)).toEqual(["Client"]);
    const cookie = await switchPerson(g, fresh, offered.shared[0]!.id);
    const choices = await state(g, cookie);
    expect(choices.favourites).toEqual([favourite]);
    expect(choices.lists.map((l) => [l.id, l.imageIds])).toEqual([[list, [favourite]]]);
    const original = await fetch(`${server.url}/api/gallery/image/${studio.images[0]}`, { headers: { Cookie: cookie } });
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(photo(1))).toBe(true);
  });

  it("syncs with the owner's device: pulls what the old server holds, pushes what the device makes", async () => {
    const device = await makeDevice(server);
    await device.sync.syncOnce();
    expect((await device.db.clients.toArray()).map((c) => c.name).sort()).toEqual(["Ada Lovelace", "Alan Turing"]);
    expect(await device.db.images.count()).toBe(studio.images.length);
    expect((await device.db.proofFavourites.toArray()).map((f) => f.image)).toEqual([favourite]);

    const made = await createClient(device.db, { name: "After Upgrade" });
    await device.sync.syncOnce();
    expect(await serverRecords(server, "clients", `id='${made.id}'`)).toEqual([expect.objectContaining({ name: "After Upgrade", accessCode: made.accessCode })]);
  });
});
