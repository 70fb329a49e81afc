/**
 * The one write path for clients: each function writes the row and its outbox entry in one transaction.
 * No network call happens here; sync pushes the outbox.
 */
import { generateAccessCode, generateAccessUrl } from "../../domain/access";
import { newRecordId } from "../../domain/ids";
import { DEFAULT_EVENT_TYPE, toPbDate, type ClientFields } from "../../domain/records";
import type { StudioDb } from "../db";
import { StoreError, guardQuota } from "../errors";
import { changedFields, dropPendingEntries, enqueue } from "../outbox";
import type { ClientRow } from "../rows";

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

export async function createClient(db: StudioDb, input: ClientInput): Promise<ClientRow> {
  const given = normalize(input);
  const fields: ClientFields = {
    name: given.name ?? "",
    email: given.email ?? "",
    eventType: given.eventType ?? DEFAULT_EVENT_TYPE,
    eventDate: given.eventDate ?? "",
    notes: given.notes ?? "",
    accessUrl: given.accessUrl || generateAccessUrl(),
    accessCode: given.accessCode || generateAccessCode(),
    expirationDate: given.expirationDate ?? "",
    enabled: given.enabled ?? true,
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
    db.transaction("rw", db.clients, db.outbox, async () => {
      const entry = await enqueue(db, "clients", row.id, "create", { ...fields });
      row.fieldTimes = entry.fieldTimes;
      await db.clients.add(row);
    }),
  );
  return row;
}

export async function updateClient(db: StudioDb, id: string, patch: Partial<ClientFields>): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", db.clients, db.outbox, async () => {
      const row = await db.clients.get(id);
      if (!row) throw new StoreError("not-found", "Client not found");
      const normalized = normalize(patch);
      if (normalized.accessUrl === "") normalized.accessUrl = generateAccessUrl();
      if (normalized.accessCode === "") normalized.accessCode = generateAccessCode();
      const changed = changedFields<ClientFields>(row, normalized);
      if (Object.keys(changed).length === 0) return;
      const { fieldTimes } = await enqueue(db, "clients", id, "update", changed);
      await db.clients.update(id, { ...changed, fieldTimes: { ...row.fieldTimes, ...fieldTimes } });
    }),
  );
}

/** Deletes the client and, on this device, its images and their bytes; the server cascades. */
export async function deleteClient(db: StudioDb, id: string): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", [db.clients, db.images, db.imageBlobs, db.outbox], async () => {
      const imageIds = (await db.images.where("client").equals(id).primaryKeys()) as string[];
      await db.images.bulkDelete(imageIds);
      await db.imageBlobs.bulkDelete(imageIds);
      // The server removes the client's images with it; their waiting uploads have nothing left to send.
      await dropPendingEntries(db, "images", imageIds);
      await db.clients.delete(id);
      await enqueue(db, "clients", id, "delete");
    }),
  );
}
