/**
 * The one write path for clients: each function writes the row and its outbox entry in one transaction.
 * No network call happens here; sync pushes the outbox.
 */
import { generateAccessCode, generateAccessUrl } from "../../domain/access";
import { endOfDayInZone, normalizeAccessCode, pbDateAt } from "../../domain/contract";
import { deviceTimeZone } from "../../domain/time-zone";
import { newRecordId } from "../../domain/ids";
import { DEFAULT_EVENT_TYPE, toPbDate, type ClientFields } from "../../domain/records";
import { isSyncedCollection } from "../../domain/registry";
import type { StudioDb } from "../db";
import { StoreError, guardQuota } from "../errors";
import { changedFields, dropPendingEntries, enqueue } from "../outbox";
import type { ClientRow } from "../rows";
import { deleteGalleryRows, galleryRowTables } from "../registryTables";
import { dropMediaBytes } from "./mediaBytes";
import { settingsRow } from "./settings";
import { STORE_TEXTS } from "../texts";

export type ClientInput = Partial<ClientFields> & { name: string };

/** Normalises user input: trimmed text, PocketBase dates, generated url and code when blank. */
function normalize(input: Partial<ClientFields>): Partial<ClientFields> {
  const out: Partial<ClientFields> = { ...input };
  for (const key of ["name", "email", "notes", "accessUrl", "accessCode"] as const) {
    if (typeof out[key] === "string") out[key] = out[key].trim();
  }
  if (out.eventDate !== undefined) out.eventDate = toPbDate(out.eventDate);
  if (out.expirationDate !== undefined) out.expirationDate = toPbDate(out.expirationDate);
  return out;
}

/**
 * A chosen expiry day ("YYYY-MM-DD") is kept as the day (`expiryDay`, what the server derives the instant
 * from) and, until the server answers, as the end of that day in the studio's time zone; "" clears both.
 */
async function withExpiryInstant<T extends Partial<ClientFields>>(db: StudioDb, input: T): Promise<T> {
  const value = input.expirationDate;
  if (value === "") return { ...input, expiryDay: "" };
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return input;
  const settings = await settingsRow(db);
  return { ...input, expiryDay: value, expirationDate: pbDateAt(endOfDayInZone(value, settings?.timeZone || deviceTimeZone())) };
}

/** The owner's message when another client on this device has the code (the server says the same). */
export const CODE_TAKEN_MESSAGE = "Another client already has this access code. Choose another one or generate a new code.";

/** Refuses a code that another client of this device has, compared in the contract's normalised form. */
async function assertCodeFree(db: StudioDb, code: string, exceptId: string): Promise<void> {
  const key = normalizeAccessCode(code);
  const clash = await db.clients.filter((c) => c.id !== exceptId && normalizeAccessCode(c.accessCode) === key).first();
  if (clash) throw new StoreError("code-taken", CODE_TAKEN_MESSAGE);
}

/** A code the server refused (parked) is replaced by the owner's new one, so the parked change can go again. */
async function releaseRefusedCode(db: StudioDb, id: string, accessCode: string): Promise<void> {
  const parked = await db.outbox.where("[collection+recordId]").equals(["clients", id]).filter((e) => !!e.fieldErrors?.accessCode).toArray();
  for (const entry of parked) {
    await db.outbox.update(entry.seq!, { fields: { ...entry.fields, accessCode }, error: undefined, fieldErrors: undefined });
  }
}

/** The server's refusals of this client's waiting changes, by field (shown on the Client Details form). */
export async function refusedClientFields(db: StudioDb, id: string): Promise<Record<string, string>> {
  const entries = await db.outbox.where("[collection+recordId]").equals(["clients", id]).toArray();
  return Object.assign({}, ...entries.map((e) => e.fieldErrors ?? {}));
}

export async function createClient(db: StudioDb, input: ClientInput): Promise<ClientRow> {
  const given = normalize(await withExpiryInstant(db, input));
  const fields: ClientFields = {
    name: given.name ?? "",
    email: given.email ?? "",
    eventType: given.eventType ?? DEFAULT_EVENT_TYPE,
    eventDate: given.eventDate ?? "",
    notes: given.notes ?? "",
    accessUrl: given.accessUrl || generateAccessUrl(),
    accessCode: given.accessCode || generateAccessCode(),
    expirationDate: given.expirationDate ?? "",
    expiryDay: given.expiryDay ?? "",
    enabled: given.enabled ?? true,
    downloadMode: given.downloadMode || "originals",
    downloadPin: given.downloadPin ?? "",
    galleryEmailAt: given.galleryEmailAt ?? 0,
    noReminders: given.noReminders ?? false,
    coverImage: given.coverImage ?? "",
    originalsAs: given.originalsAs || "shot",
    language: given.language ?? "",
    galleryTheme: given.galleryTheme ?? "",
    coverStyle: given.coverStyle ?? "",
    typefaces: given.typefaces ?? "",
  };
  const row: ClientRow = {
    id: newRecordId(),
    ...fields,
    createdAt: new Date(db.clock()).toISOString(),
    server: null,
    serverUpdated: "",
    fieldTimes: {},
  };
  await guardQuota(() =>
    db.transaction("rw", db.clients, db.outbox, db.settings, async () => {
      await assertCodeFree(db, fields.accessCode, row.id);
      const entry = await enqueue(db, "clients", row.id, "create", { ...fields });
      row.fieldTimes = entry.fieldTimes;
      await db.clients.add(row);
    }),
  );
  return row;
}

export async function updateClient(db: StudioDb, id: string, patch: Partial<ClientFields>): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", db.clients, db.outbox, db.settings, async () => {
      const row = await db.clients.get(id);
      if (!row) throw new StoreError("not-found", STORE_TEXTS.clientNotFound);
      const normalized = normalize(await withExpiryInstant(db, patch));
      if (normalized.accessUrl === "") normalized.accessUrl = generateAccessUrl();
      if (normalized.accessCode === "") normalized.accessCode = generateAccessCode();
      // Rows stored before the cover existed have no coverImage: it reads as "" (the first image).
      const changed = changedFields<ClientFields>({ ...row, coverImage: row.coverImage ?? "" }, normalized);
      if (Object.keys(changed).length === 0) return;
      if (changed.accessCode !== undefined) {
        await assertCodeFree(db, changed.accessCode, id);
        await releaseRefusedCode(db, id, changed.accessCode);
      }
      const { fieldTimes } = await enqueue(db, "clients", id, "update", changed);
      await db.clients.update(id, { ...changed, fieldTimes: { ...row.fieldTimes, ...fieldTimes } });
    }),
  );
}

/**
 * Clears the cover of these clients where it names one of `imageIds` (they are being deleted), as an
 * ordinary edit: the server clears it too when the delete arrives, and either way no cover names a
 * deleted photo. Runs inside the caller's transaction, which must include clients and outbox.
 */
export async function clearCoversOf(db: StudioDb, clientIds: string[], imageIds: string[]): Promise<void> {
  const deleted = new Set(imageIds);
  for (const row of await db.clients.bulkGet([...new Set(clientIds)])) {
    if (!row?.coverImage || !deleted.has(row.coverImage)) continue;
    const { fieldTimes } = await enqueue(db, "clients", row.id, "update", { coverImage: "" });
    await db.clients.update(row.id, { coverImage: "", fieldTimes: { ...row.fieldTimes, ...fieldTimes } });
  }
}

/**
 * Deletes the client and, on this device, its images, their bytes and its proofing; the server cascades.
 * Every waiting change of the client and of what it holds goes: a create the server refused (a parked code)
 * must not wait for ever behind a delete. The delete is always sent (a create whose answer was lost may have
 * reached the server); the server answers 404 for one it never had, which sync drops quietly.
 */
export async function deleteClient(db: StudioDb, id: string): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", [db.clients, db.images, db.imageBlobs, db.outbox, ...galleryRowTables(db)], async () => {
      const imageIds = (await db.images.where("client").equals(id).primaryKeys()) as string[];
      await db.images.bulkDelete(imageIds);
      await dropMediaBytes(db, imageIds);
      // The server removes the client's images with it; their waiting uploads have nothing left to send.
      await dropPendingEntries(db, "images", imageIds);
      // Its proofing (and any other child of the client) goes too, with the changes waiting for it.
      for (const [collection, ids] of await deleteGalleryRows(db, id)) if (isSyncedCollection(collection)) await dropPendingEntries(db, collection, ids);
      await dropPendingEntries(db, "clients", [id]);
      await db.clients.delete(id);
      await enqueue(db, "clients", id, "delete");
    }),
  );
}
