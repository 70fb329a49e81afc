/**
 * The write path of import journals (src/domain/imports.ts): an import records its files when it starts,
 * each file is marked done in the same transaction that stores it (`addImages` calls `markImported` inside
 * its own), and a finished import removes its journal. Journals are the device's own: never synced, wiped
 * with the rest at sign-out.
 *
 * Invariant: a file is marked done only together with what makes it done (its image row and bytes, or the
 * decision to skip it as a duplicate), so a journal left by a page that died names exactly the files the
 * gallery did not get.
 */
import type { ImportJournal, JournalFile } from "../../domain/imports";
import { newRecordId } from "../../domain/ids";
import type { StudioDb } from "../db";
import { guardQuota } from "../errors";
import type { ImportRow } from "../rows";

export interface NewImport {
  page: string;
  client: string;
  kind: ImportJournal["kind"];
  zipName?: string;
  files: JournalFile[];
  /** Journals of interrupted imports this one picks up again: they go when it starts. */
  replaces?: string[];
}

export async function startImport(db: StudioDb, start: NewImport): Promise<ImportRow> {
  const row: ImportRow = { id: newRecordId(), page: start.page, client: start.client, kind: start.kind, startedAt: db.clock(), files: start.files, done: [] };
  if (start.zipName !== undefined) row.zipName = start.zipName;
  await guardQuota(() =>
    db.transaction("rw", db.imports, async () => {
      if (start.replaces?.length) await db.imports.bulkDelete(start.replaces);
      await db.imports.add(row);
    }),
  );
  return row;
}

/** A zip's photo entries, once its directory has been read. */
export async function setImportFiles(db: StudioDb, id: string, files: JournalFile[]): Promise<void> {
  await guardQuota(() => db.imports.update(id, { files }));
}

/**
 * Marks files of a journal done. Called inside the transaction that stores them (it must include
 * `db.imports`), or alone for files deliberately left out. A journal already gone (dismissed) is left so.
 */
export async function markImported(db: StudioDb, id: string, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await guardQuota(() =>
    db.transaction("rw", db.imports, async () => {
      const row = await db.imports.get(id);
      if (!row) return;
      const done = new Set(row.done);
      for (const key of keys) done.add(key);
      await db.imports.update(id, { done: [...done] });
    }),
  );
}

/** The import ended (finished, failed or cancelled, all of which it reported), or the owner dismissed its notice. */
export async function forgetImport(db: StudioDb, id: string): Promise<void> {
  await db.imports.delete(id);
}

export async function listImports(db: StudioDb): Promise<ImportRow[]> {
  return db.imports.orderBy("id").toArray();
}
