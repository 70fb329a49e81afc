/**
 * The trash's actions with their toasts (issue 43): the owner's delete actions move to the trash through
 * `moveToTrash`, whose toast offers Undo; the Trash screen restores and deletes for good. Every write goes
 * through the trash repository, so all of it works offline and syncs like any edit.
 */
import { errorText } from "../../lib/refusals/refusals";
import { toast } from "../../state/toast";
import { db } from "../../store/db";
import { deleteForever, restoreRecords, trashDaysOf, trashRecords, type TrashedCollection } from "../../store/repositories/trash";
import { TRASH_TEXTS as T } from "./texts";

/** Long enough to reach the Undo button after reading the toast. */
export const UNDO_TOAST_MS = 10_000;

/** The days the studio keeps its trash, as this device knows its settings. */
export async function studioTrashDays(): Promise<number> {
  return trashDaysOf((await db.settings.toArray())[0]);
}

/**
 * Moves records to the trash and shows `title` with Undo (which restores exactly those records). Answers
 * whether it worked; a failure is a toast.
 */
export async function moveToTrash(collection: TrashedCollection, ids: readonly string[], title: string): Promise<boolean> {
  try {
    const moved = await trashRecords(db, collection, ids);
    toast({
      title,
      description: T.restoreHint(await studioTrashDays()),
      durationMs: UNDO_TOAST_MS,
      action: { label: T.undo, onClick: () => void restore([{ collection, ids: moved }]) },
    });
    return true;
  } catch (err) {
    toast({ title: T.failed, description: errorText(err), variant: "destructive" });
    return false;
  }
}

export interface TrashSelection {
  collection: TrashedCollection;
  ids: readonly string[];
}

/** Takes records out of the trash. */
export async function restore(selection: readonly TrashSelection[]): Promise<boolean> {
  try {
    let n = 0;
    for (const { collection, ids } of selection) n += (await restoreRecords(db, collection, ids)).length;
    toast({ title: T.restored(Math.max(n, 1)) });
    return true;
  } catch (err) {
    toast({ title: T.failed, description: errorText(err), variant: "destructive" });
    return false;
  }
}

/** Deletes records for good (the Trash screen asks first). */
export async function removeForever(selection: readonly TrashSelection[]): Promise<boolean> {
  try {
    let n = 0;
    for (const { collection, ids } of selection) {
      await deleteForever(db, collection, ids);
      n += ids.length;
    }
    toast({ title: T.deletedForever(Math.max(n, 1)) });
    return true;
  } catch (err) {
    toast({ title: T.failed, description: errorText(err), variant: "destructive" });
    return false;
  }
}
