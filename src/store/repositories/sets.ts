/**
 * The one write path for a gallery's sets (issue 26): create, rename, reorder and delete sets, and move
 * photos between them. Each function writes the rows and their outbox entries in one transaction, so all
 * of it works offline and sync pushes it like any client edit (docs/SYNC.md).
 *
 * Deleting a set moves its photos to no set on this device at once, without an edit of their own: the
 * server does the same in the delete's transaction and sends those photos back with `set` "" (an edit made
 * then, which wins over older moves). A photo whose create or move into the set is still waiting is
 * rewritten to no set, so it never reaches the server naming a set that is gone.
 */
import { newRecordId } from "../../domain/ids";
import type { SetRow } from "../rows";
import type { StudioDb } from "../db";
import { StoreError, guardQuota } from "../errors";
import { dropPendingEntries, enqueue, rewritePendingField } from "../outbox";
import { STORE_TEXTS } from "../texts";

/** The longest set name the server takes (pb_migrations/1795550000_sets.js). */
export const SET_NAME_MAX = 100;

function cleanName(name: string): string {
  const out = name.trim();
  if (!out) throw new StoreError("invalid", STORE_TEXTS.setNameRequired);
  if (out.length > SET_NAME_MAX) throw new StoreError("invalid", `A set name has at most ${SET_NAME_MAX} characters.`);
  return out;
}

/** A gallery's sets in their order (position, then creation, then id). */
export async function setsOf(db: StudioDb, clientId: string): Promise<SetRow[]> {
  const rows = await db.sets.where("client").equals(clientId).toArray();
  return rows.sort((a, b) => a.position - b.position || a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
}

/** Adds sets named `names` after the gallery's last one, in that order; returns their ids. */
export async function createSets(db: StudioDb, clientId: string, names: readonly string[]): Promise<string[]> {
  const clean = names.map(cleanName);
  const ids: string[] = [];
  await guardQuota(() =>
    db.transaction("rw", db.sets, db.outbox, async () => {
      const existing = await setsOf(db, clientId);
      let position = existing.reduce((max, s) => Math.max(max, s.position), -1);
      for (const name of clean) {
        const id = newRecordId();
        position += 1;
        const entry = await enqueue(db, "sets", id, "create", { client: clientId, name, position });
        await db.sets.add({ id, client: clientId, name, position, created: "", server: null, serverUpdated: "", fieldTimes: entry.fieldTimes });
        ids.push(id);
      }
    }),
  );
  return ids;
}

export async function createSet(db: StudioDb, clientId: string, name: string): Promise<string> {
  return (await createSets(db, clientId, [name]))[0]!;
}

/**
 * The set of each folder name: the gallery's set of that name (case and spaces aside), else a new one added
 * after the others, in the folders' order (a zip's top-level folders, issue 26).
 */
export async function setsForFolders(db: StudioDb, clientId: string, folders: readonly string[]): Promise<Map<string, string>> {
  const key = (name: string) => name.trim().toLowerCase();
  const existing = new Map((await setsOf(db, clientId)).map((s) => [key(s.name), s.id]));
  const missing = [...new Set(folders.map((f) => f.slice(0, SET_NAME_MAX)).filter((f) => !existing.has(key(f))))];
  const created = await createSets(db, clientId, missing);
  missing.forEach((f, i) => existing.set(key(f), created[i]!));
  return new Map(folders.map((f) => [f, existing.get(key(f.slice(0, SET_NAME_MAX)))!]));
}

/** Renames a set (or changes its position: the conflicts dialog restores either). */
export async function updateSet(db: StudioDb, id: string, patch: Partial<Pick<SetRow, "name" | "position">>): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", db.sets, db.outbox, async () => {
      const row = await db.sets.get(id);
      if (!row) throw new StoreError("not-found", STORE_TEXTS.setNotFound);
      const changed: Record<string, unknown> = {};
      if (patch.name !== undefined && cleanName(patch.name) !== row.name) changed.name = cleanName(patch.name);
      if (patch.position !== undefined && patch.position !== row.position) changed.position = patch.position;
      if (Object.keys(changed).length === 0) return;
      const { fieldTimes } = await enqueue(db, "sets", id, "update", changed);
      await db.sets.update(id, { ...changed, fieldTimes: { ...row.fieldTimes, ...fieldTimes } });
    }),
  );
}

export const renameSet = (db: StudioDb, id: string, name: string) => updateSet(db, id, { name });

/** Puts the gallery's sets in the order of `orderedIds`; only sets whose position changes are edited. */
export async function reorderSets(db: StudioDb, clientId: string, orderedIds: readonly string[]): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", db.sets, db.outbox, async () => {
      const rows = new Map((await setsOf(db, clientId)).map((s) => [s.id, s]));
      for (const [position, id] of orderedIds.entries()) {
        const row = rows.get(id);
        if (!row || row.position === position) continue;
        const { fieldTimes } = await enqueue(db, "sets", id, "update", { position });
        await db.sets.update(id, { position, fieldTimes: { ...row.fieldTimes, ...fieldTimes } });
      }
    }),
  );
}

/** Deletes a set; its photos stay in the gallery, in no set (see the top of this file). */
export async function deleteSet(db: StudioDb, id: string): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", db.sets, db.images, db.outbox, async () => {
      const row = await db.sets.get(id);
      if (!row) return;
      const photos = (await db.images.where("client").equals(row.client).filter((i) => i.set === id).primaryKeys()) as string[];
      for (const photo of photos) await db.images.update(photo, { set: "" });
      await rewritePendingField(db, "images", photos, "set", "");
      await dropPendingEntries(db, "sets", [id]);
      await db.sets.delete(id);
      await enqueue(db, "sets", id, "delete");
    }),
  );
}

/** Moves photos into a set of their gallery, or to no set with ""; photos already there are left alone. */
export async function moveToSet(db: StudioDb, imageIds: readonly string[], setId: string): Promise<number> {
  let moved = 0;
  await guardQuota(() =>
    db.transaction("rw", db.sets, db.images, db.outbox, async () => {
      const set = setId ? await db.sets.get(setId) : null;
      if (setId && !set) throw new StoreError("not-found", STORE_TEXTS.setNotFound);
      for (const image of await db.images.bulkGet([...imageIds])) {
        if (!image || (image.set ?? "") === setId || (set && set.client !== image.client)) continue;
        const { fieldTimes } = await enqueue(db, "images", image.id, "update", { set: setId });
        await db.images.update(image.id, { set: setId, fieldTimes: { ...image.fieldTimes, ...fieldTimes } });
        moved += 1;
      }
    }),
  );
  return moved;
}
