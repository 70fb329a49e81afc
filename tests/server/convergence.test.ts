/**
 * Property: whatever the interleaving of edits, creates, deletes, disconnects, server restarts, backups and
 * restores of the run's last backup (docs/SYNC.md, "A restored server"), clients with photos that the server
 * refuses (their code was taken meanwhile: parked parents) and syncs on a full disk, on two devices: once
 * both are back online, the refused codes replaced and everything synced, both devices hold exactly the
 * server's clients of the run, every client created and not deleted exists exactly once, and every photo of
 * those clients is on the server (with its original, unless a restore took it and the device had freed it).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYNCED_FIELDS } from "../../src/domain/records";
import { generateAccessCode } from "../../src/domain/access";
import { createClient, deleteClient, updateClient } from "../../src/store/repositories/clients";
import { addImages } from "../../src/store/repositories/images";
import { makeDevice, serverRecords, type Device } from "./devices";
import { imageInput } from "./test-images";
import { startTestServer, type TestServer } from "./test-server";

const RUNS = Number(process.env.CONVERGENCE_RUNS ?? 100);
/** A failing history to replay first (the JSON array fast-check prints as the counterexample's only element). */
const EXAMPLE = process.env.CONVERGENCE_EXAMPLE ? [[JSON.parse(process.env.CONVERGENCE_EXAMPLE) as Action[]] as [Action[]]] : [];

type Action =
  | { kind: "create"; device: 0 | 1 }
  | { kind: "edit"; device: 0 | 1; pick: number; field: "name" | "notes" | "email" | "enabled"; value: number }
  | { kind: "delete"; device: 0 | 1; pick: number }
  | { kind: "sync"; device: 0 | 1 }
  | { kind: "toggleNetwork"; device: 0 | 1 }
  | { kind: "restartServer" }
  | { kind: "backup" }
  | { kind: "restore" }
  | { kind: "clash"; device: 0 | 1 }
  | { kind: "fullSync"; device: 0 | 1 };

const device = fc.constantFrom<0 | 1>(0, 1);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("create" as const), device }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("edit" as const), device, pick: fc.nat(20), field: fc.constantFrom("name" as const, "notes" as const, "email" as const, "enabled" as const), value: fc.nat(999) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), device, pick: fc.nat(20) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("sync" as const), device }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("toggleNetwork" as const), device }) },
  { weight: 1, arbitrary: fc.constant({ kind: "restartServer" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "backup" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "restore" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("clash" as const), device }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("fullSync" as const), device }) },
);

/** The device's clients whose create or change the server refused for their access code get a new one. */
async function replaceRefusedCodes(d: Device): Promise<void> {
  for (const row of await d.db.clients.toArray()) {
    if ((await d.db.outbox.where("[collection+recordId]").equals(["clients", row.id]).toArray()).some((e) => e.fieldErrors?.accessCode)) {
      await updateClient(d.db, row.id, { accessCode: generateAccessCode() });
    }
  }
}

/** Restores a backup through PocketBase's API and waits until the restarted server answers (as scripts/restore.mjs). */
async function restoreBackup(name: string) {
  const started = await server.api("POST", `/api/backups/${encodeURIComponent(name)}/restore`, { token: server.superToken });
  if (started.status !== 204) throw new Error(`restore refused: ${started.status} ${JSON.stringify(started.body)}`);
  let sawRestart = false;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const health = await server.api<{ data?: { canBackup?: boolean } }>("GET", "/api/health", { token: server.superToken }).catch(() => null);
    if (health?.body.data?.canBackup !== true) sawRestart = true;
    else if (sawRestart) return;
  }
  throw new Error("the server did not restart into the backup");
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

function fieldValue(field: string, value: number): unknown {
  if (field === "enabled") return value % 2 === 0;
  if (field === "email") return `p${value}@example.com`;
  return `${field}-${value}`;
}

function snapshot(rows: Array<Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const row of rows) out[row.id as string] = Object.fromEntries(SYNCED_FIELDS.clients.map((f) => [f, row[f]]));
  return out;
}

let runNumber = 0;

describe("two devices converge", () => {
  it(`to the server's state over ${RUNS} random histories`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), async (actions) => {
        const tag = `run${++runNumber}-`;
        const devices: Device[] = [await makeDevice(server), await makeDevice(server)];
        const online = [true, true];
        const created = new Set<string>();
        const deleted = new Set<string>();
        const first = await createClient(devices[0]!.db, { name: `${tag}seed` });
        created.add(first.id);
        await devices[0]!.sync.syncOnce();
        await devices[1]!.sync.syncOnce();

        let lastBackup: string | null = null;
        let restored = false;
        /** Photos imported during the run, by client. */
        const photos = new Map<string, string[]>();
        let seed = 0;
        for (const a of actions) {
          if (a.kind === "clash") {
            // Another device gives a code to a new client; this device, not knowing, gives it to one with a photo.
            const code = generateAccessCode();
            // Not one of the two devices: a restore may take it back, and no device remembers it (not checked).
            await server.api("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: `${tag}taken`, accessCode: code } });
            const d = devices[a.device]!;
            const late = await createClient(d.db, { name: `${tag}late`, accessCode: code }).catch(() => null); // the device knows the code already
            if (late) {
              created.add(late.id);
              const [image] = await addImages(d.db, [imageInput(late.id, `${tag}photo.png`, ++seed)]);
              photos.set(late.id, [image!.id]);
            }
            continue;
          }
          if (a.kind === "fullSync") {
            const d = devices[a.device]!;
            d.setFull(true);
            if (online[a.device]) await d.sync.syncOnce().catch(() => undefined); // says it is out of space, loses nothing
            d.setFull(false);
            continue;
          }
          if (a.kind === "backup") {
            lastBackup = `${tag}${Date.now()}.zip`;
            const made = await server.api("POST", "/api/backups", { token: server.superToken, json: { name: lastBackup } });
            if (made.status !== 204) throw new Error(`backup refused: ${made.status}`);
            continue;
          }
          if (a.kind === "restore") {
            if (lastBackup) await restoreBackup(lastBackup);
            restored ||= !!lastBackup;
            continue;
          }
          if (a.kind === "restartServer") {
            // A crash, not a clean stop: harsher, and it does not wait for idle keep-alive connections.
            await server.crash();
            await server.start();
            continue;
          }
          const d = devices[a.device]!;
          const ids = [...created];
          if (a.kind === "create") {
            created.add((await createClient(d.db, { name: `${tag}new` })).id);
          } else if (a.kind === "edit") {
            const id = ids[a.pick % ids.length]!;
            if (await d.db.clients.get(id)) {
              const value = fieldValue(a.field, a.value);
              await updateClient(d.db, id, { [a.field]: a.field === "name" ? `${tag}${String(value)}` : value });
            }
          } else if (a.kind === "delete") {
            const id = ids[a.pick % ids.length]!;
            if (await d.db.clients.get(id)) {
              await deleteClient(d.db, id);
              deleted.add(id);
            }
          } else if (a.kind === "toggleNetwork") {
            online[a.device] = !online[a.device];
          } else if (online[a.device]) {
            await d.sync.syncOnce();
          }
        }

        // Everyone back online; the owner replaces refused codes; two rounds bring every change everywhere.
        for (const d of devices) await d.sync.syncOnce();
        for (const d of devices) await replaceRefusedCodes(d);
        for (let round = 0; round < 2; round++) for (const d of devices) await d.sync.syncOnce();

        const onServer = (await serverRecords<Record<string, unknown>>(server, "clients", `name ~ '${tag}' || id ~ '${tag}'`)).filter((r) => created.has(r.id as string));
        const serverIds = onServer.map((r) => r.id as string);
        expect(new Set(serverIds).size).toBe(serverIds.length); // no duplicates
        expect(serverIds.sort()).toEqual([...created].filter((id) => !deleted.has(id)).sort()); // nothing lost
        const expected = snapshot(onServer);
        for (const d of devices) {
          expect(snapshot((await d.db.clients.toArray()).filter((r) => created.has(r.id)) as unknown as Array<Record<string, unknown>>)).toEqual(expected);
          expect(await d.db.outbox.count()).toBe(0);
        }
        // Every photo of a client that is still there reached the server, whole unless a restore took it.
        const wanted = [...photos].filter(([client]) => serverIds.includes(client)).flatMap(([, ids]) => ids);
        const imagesOnServer = wanted.length ? await serverRecords<{ id: string; original: string }>(server, "images", wanted.map((id) => `id='${id}'`).join(" || ")) : [];
        expect(imagesOnServer.map((i) => i.id).sort()).toEqual([...wanted].sort());
        if (!restored) expect(imagesOnServer.filter((i) => !i.original)).toEqual([]);
        for (const d of devices) d.db.close();
      }),
      { numRuns: RUNS, endOnFailure: true, examples: EXAMPLE },
    );
  }, 600_000);
});
