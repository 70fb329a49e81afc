/**
 * A server restored from a backup, against the real PocketBase and devices running the real engine: the
 * server's epoch changes with every restore (and only then); a device that synced after the backup gives
 * back what the restored server lost (a client with its photos, an edit, a deletion), says which originals
 * it can no longer give, and a fresh device then sees the device's state, not the backup's.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import { ROOT } from "../../scripts/lib/pocketbase.mjs";
import { createClient, updateClient } from "../../src/store/repositories/clients";
import { addImages, deleteImages } from "../../src/store/repositories/images";
import { RESTORE_REPORT_KEY, type RestoreReport } from "../../src/store/restoredServer";
import { makeDevice, serverRecords } from "./devices";
import { SUPERUSER, startTestServer, type TestServer } from "./test-server";

const run = promisify(execFile);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

/** `npm run backup` / `npm run restore`, as the README says, signed in as the test's superuser. */
async function script(name: "backup.mjs" | "restore.mjs", args: string[] = []) {
  const { port } = new URL(server.url);
  const env = { ...process.env, HOST: "127.0.0.1", PORT: port, DATA_DIR: server.dataDir, SUPERUSER_EMAIL: SUPERUSER.email, SUPERUSER_PASSWORD: SUPERUSER.password };
  return run(process.execPath, [path.join(ROOT, "scripts", name), ...args], { env });
}

async function backup(): Promise<string> {
  const out = await script("backup.mjs");
  return /Backup (studio-[\d-]+\.zip)/.exec(out.stdout)![1]!;
}

async function epoch(): Promise<string> {
  const r = await server.api<{ epoch: string }>("GET", "/api/sync/now");
  return r.body.epoch;
}

function png(seed: number): Blob {
  const noise = randomBytes(16 * 16 * 3);
  return new Blob([encodePng(16, 16, (x, y) => [noise[(y * 16 + x) * 3]!, seed & 255, 0, 255])], { type: "image/png" });
}

function photo(clientId: string, name: string, seed: number) {
  const original = png(seed);
  return {
    fields: { client: clientId, filename: name, originalName: name, fileSize: original.size, mimeType: "image/png", width: 16, height: 16, checksum: "", placeholder: "", metadata: null },
    original,
    thumbnail: png(seed + 1),
    medium: png(seed + 2),
    large: png(seed + 3),
    preview: png(seed + 4),
  };
}

describe("the server's epoch", () => {
  it("stays across restarts and changes with every restore", async () => {
    const first = await epoch();
    expect(first).toMatch(/^\w{20}$/);
    await server.restart();
    expect(await epoch()).toBe(first);
    const name = await backup();
    await script("restore.mjs", [name]);
    const second = await epoch();
    expect(second).toMatch(/^\w{20}$/);
    expect(second).not.toBe(first);
  });
});

describe("a device after a restore", () => {
  it("gives back what it synced after the backup, lists the originals it freed, and a fresh device sees it", async () => {
    const device = await makeDevice(server);
    const early = await createClient(device.db, { name: "Early" });
    const [kept, doomed] = await addImages(device.db, [photo(early.id, "kept.png", 10), photo(early.id, "doomed.png", 20)]);
    await device.sync.syncOnce();
    const name = await backup();

    // After the backup: a new client with 2 photos (their originals are freed once uploaded), a note, a delete.
    const late = await createClient(device.db, { name: "Late" });
    const latePhotos = await addImages(device.db, [photo(late.id, "late-1.png", 30), photo(late.id, "late-2.png", 40)]);
    await device.sync.syncOnce();
    expect((await device.db.imageBlobs.get(latePhotos[0]!.id))?.original).toBeUndefined();
    await updateClient(device.db, early.id, { notes: "after the backup" });
    await deleteImages(device.db, [doomed!.id]);
    await device.sync.syncOnce();
    expect(await serverRecords(server, "images", `id='${doomed!.id}'`)).toEqual([]);

    await script("restore.mjs", [name]);
    expect(await serverRecords(server, "clients", `id='${late.id}'`)).toEqual([]); // the backup's state

    await device.sync.syncOnce();
    await device.sync.syncOnce(); // nothing is left to send: a second sync changes nothing

    const [lateOnServer] = await serverRecords<{ name: string }>(server, "clients", `id='${late.id}'`);
    expect(lateOnServer?.name).toBe("Late");
    const lateImages = await serverRecords<{ id: string; original: string; thumbnail: string; preview: string }>(server, "images", `client='${late.id}'`);
    expect(lateImages.map((i) => i.id).sort()).toEqual(latePhotos.map((p) => p.id).sort());
    for (const image of lateImages) expect(image).toMatchObject({ original: "", thumbnail: expect.stringMatching(/./), preview: expect.stringMatching(/./) });
    const [earlyOnServer] = await serverRecords<{ notes: string }>(server, "clients", `id='${early.id}'`);
    expect(earlyOnServer?.notes).toBe("after the backup");
    expect((await serverRecords<{ id: string }>(server, "images", `client='${early.id}'`)).map((i) => i.id)).toEqual([kept!.id]);

    const report = (await device.db.syncState.get(RESTORE_REPORT_KEY))?.value as RestoreReport;
    expect(report.lost.map((l) => ({ what: l.what, name: l.name, clientName: l.clientName })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { what: "original", name: "late-1.png", clientName: "Late" },
      { what: "original", name: "late-2.png", clientName: "Late" },
    ]);
    expect(await device.db.outbox.count()).toBe(0);
    expect(await device.db.conflicts.count()).toBe(0);

    // A later edit of the new client reaches the server (it got 404 and became a conflict before).
    await updateClient(device.db, late.id, { notes: "edited after the restore" });
    await device.sync.syncOnce();
    expect((await serverRecords<{ notes: string }>(server, "clients", `id='${late.id}'`))[0]?.notes).toBe("edited after the restore");
    expect(await device.db.conflicts.count()).toBe(0);

    const fresh = await makeDevice(server);
    await fresh.sync.syncOnce();
    expect((await fresh.db.clients.toArray()).map((c) => c.name).sort()).toEqual(["Early", "Late"]);
    expect((await fresh.db.clients.get(early.id))?.notes).toBe("after the backup");
    expect((await fresh.db.images.toArray()).map((i) => i.id).sort()).toEqual([kept!.id, ...latePhotos.map((p) => p.id)].sort());
  });
});
