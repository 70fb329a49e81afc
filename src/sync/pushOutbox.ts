/**
 * Push of record changes: outbox entries in `seq` order, in chunks through PocketBase's batch API (one
 * transaction per chunk). An entry leaves the outbox only when the server confirmed it.
 *
 * A batch is all or nothing, so a refused sub-request is dealt with and the chunk sent again:
 * - a create of a record the server has (an earlier push got through, the answer did not) becomes an update;
 * - a change to a record the server no longer has is dropped (its values are kept as a conflict);
 * - any other refusal parks the entry with the server's message, and later entries of that record wait.
 * Image creates carry files and go through uploadImages; later changes to such an image wait for it.
 * Which creates carry files and which records wait for a parent follow the collection registry.
 */
import { ClientResponseError, type default as PocketBase } from "pocketbase";
import { sameValue } from "../domain/records";
import { createCarriesFiles, parentOf } from "../domain/registry";
import type { StudioDb } from "../store/db";
import type { OutboxEntry } from "../store/rows";
import { recordConflict } from "../store/conflicts";
import { confirmEntries, discardEntry, outboxInOrder, outboxTables, parkEntry, turnCreateIntoUpdate } from "../store/outbox";
import { registryTables } from "../store/registryTables";
import { applyServerRecords } from "./applyServerRecords";
import { describeRejection, failedSubRequest, fieldErrorText, isDuplicateId } from "./batchErrors";
import type { ServerRecord } from "./records";
import { hasTombstone, recordExists } from "./serverLookup";
import { SYNC_TEXTS } from "./texts";
import { isTransientStatus, TransientError } from "./transient";

/** Sub-requests per batch; the server allows 500 (pb_migrations/1763769700_app_settings.js). */
export const BATCH_CHUNK = 450;

export function isFileEntry(entry: OutboxEntry): boolean {
  return entry.op === "create" && createCarriesFiles(entry.collection);
}

function toBatchRequest(entry: OutboxEntry) {
  const base = `/api/collections/${entry.collection}/records`;
  if (entry.op === "create") return { method: "POST", url: base, body: { id: entry.recordId, ...entry.fields, fieldTimes: entry.fieldTimes } };
  if (entry.op === "update") return { method: "PATCH", url: `${base}/${entry.recordId}`, body: { ...entry.fields, fieldTimes: entry.fieldTimes } };
  return { method: "DELETE", url: `${base}/${entry.recordId}` };
}

/** The parent record an entry's record belongs to (`collection:id`), when it is a child (images, proofing lists). */
function parentKey(entry: OutboxEntry): string | null {
  const parent = parentOf(entry.collection);
  const id = parent ? entry.fields[parent.field] : null;
  return parent && typeof id === "string" && id ? `${parent.collection}:${id}` : null;
}

/**
 * Records the server does not have yet as this device knows them: a waiting create (parked, or not sent),
 * keyed `collection:id`. A child of one of them waits with it: the server would refuse it for a missing
 * parent, and that refusal says nothing about the child itself.
 */
export function unsentCreates(entries: OutboxEntry[]): Set<string> {
  return new Set(entries.filter((e) => e.op === "create").map((e) => `${e.collection}:${e.recordId}`));
}

/** Whether an entry's parent is still waiting to reach the server (its create is in `waiting`). */
export function waitsForParent(entry: OutboxEntry, waiting: Set<string>): boolean {
  const parent = parentKey(entry);
  return parent !== null && waiting.has(parent);
}

/**
 * Entries that can go in a batch now, in order: not files, not parked, not waiting for an earlier entry
 * of their record, nor for their client's create (parked, or a file entry's turn).
 */
export function sendableEntries(entries: OutboxEntry[]): OutboxEntry[] {
  const waiting = new Set<string>();
  const out: OutboxEntry[] = [];
  for (const entry of entries) {
    const key = `${entry.collection}:${entry.recordId}`;
    if (entry.error || isFileEntry(entry) || waiting.has(key) || waitsForParent(entry, waiting)) {
      waiting.add(key);
      continue;
    }
    out.push(entry);
  }
  return out;
}

async function confirm(db: StudioDb, chunk: OutboxEntry[], responses: Array<{ status: number; body: unknown }>) {
  await db.transaction("rw", [...outboxTables(db), ...registryTables(db)], async () => {
    await confirmEntries(db, chunk);
    for (const [i, entry] of chunk.entries()) {
      if (entry.op === "delete") continue;
      const record = responses[i]?.body as ServerRecord | undefined;
      if (!record) continue;
      // A field the server kept at another value lost to a newer edit made elsewhere.
      for (const [field, sent] of Object.entries(entry.fields)) {
        if (field in record && !sameValue(record[field], sent)) {
          await recordConflict(db, entry.collection, entry.recordId, field, sent, record[field], "device");
        }
      }
      await applyServerRecords(db, entry.collection, [record]);
    }
  });
}

/** Handles the refused sub-request; returns false when the failure is not one we can resolve. */
async function resolveRefusal(db: StudioDb, pb: PocketBase, entry: OutboxEntry, err: unknown): Promise<boolean> {
  const failure = failedSubRequest(err);
  if (!failure) return false;
  // PocketBase may report another unique field (accessUrl) instead of the id, so ask instead of parsing.
  if (entry.op === "create" && failure.status === 400 && (isDuplicateId(failure) || (await recordExists(pb, entry.collection, entry.recordId)))) {
    await turnCreateIntoUpdate(db, entry);
    return true;
  }
  if (failure.status === 404) {
    // Deleted elsewhere only when the server says so with a tombstone; a record missing without one went
    // with a restore from a backup, and the change waits (parked, visible) instead of being set aside.
    if (entry.op !== "delete" && !(await hasTombstone(pb, entry.collection, entry.recordId))) {
      await parkEntry(db, entry, SYNC_TEXTS.missingOnServer);
      return true;
    }
    await db.transaction("rw", outboxTables(db), async () => {
      if (entry.op === "update") await recordConflict(db, entry.collection, entry.recordId, "*", entry.fields, null, "device");
      await discardEntry(db, entry);
    });
    return true;
  }
  const fieldErrors = Object.fromEntries(Object.entries(failure.data).filter(([field]) => field !== "refusal").map(([field, e]) => [field, fieldErrorText(e)]));
  await parkEntry(db, entry, describeRejection(failure), fieldErrors);
  return true;
}

/** Pushes every sendable entry; returns how many reached the server. */
export async function pushOutbox(db: StudioDb, pb: PocketBase, chunkSize = BATCH_CHUNK): Promise<number> {
  let pushed = 0;
  // Each pass sends what is sendable now; a resolved refusal changes the outbox, so read it again.
  for (let pass = 0; pass < 1000; pass++) {
    const chunk = sendableEntries(await outboxInOrder(db)).slice(0, chunkSize);
    if (chunk.length === 0) return pushed;
    try {
      const responses = await pb.send<Array<{ status: number; body: unknown }>>("/api/batch", {
        method: "POST",
        body: { requests: chunk.map(toBatchRequest) },
      });
      await confirm(db, chunk, responses);
      pushed += chunk.length;
    } catch (err) {
      const failure = failedSubRequest(err);
      if (failure && isTransientStatus(failure.status)) throw new TransientError(failure.status); // later, never parked
      if (err instanceof ClientResponseError && isTransientStatus(err.status)) throw new TransientError(err.status);
      const entry = failure ? chunk[failure.index] : undefined;
      if (!entry || !(await resolveRefusal(db, pb, entry, err))) throw err;
    }
  }
  return pushed;
}
