/** What the Trash screen shows (issue 43): every trashed record with its gallery's name and the day it goes for good, live. */
import { useLiveQuery } from "dexie-react-hooks";
import { isVideo } from "../../domain/records";
import { db } from "../../store/db";
import { purgeAt, trashDaysOf, trashedItems, type TrashedCollection } from "../../store/repositories/trash";

export interface TrashEntry {
  collection: TrashedCollection;
  id: string;
  kind: "image" | "video" | "set" | "client" | "person";
  name: string;
  /** The gallery's name ("" for a client itself). */
  gallery: string;
  trashedAt: string;
  /** Whole days left before the server deletes it for good. */
  daysLeft: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function kindOf(collection: TrashedCollection, row: Record<string, unknown>): TrashEntry["kind"] {
  if (collection === "images") return isVideo(row) ? "video" : "image";
  return collection === "sets" ? "set" : collection === "clients" ? "client" : "person";
}

/** The trash, newest first, and the studio's days; undefined while loading. */
export function useTrash(): { entries: TrashEntry[]; days: number } | undefined {
  return useLiveQuery(async () => {
    const [items, settings] = await Promise.all([trashedItems(db), db.settings.toArray()]);
    const days = trashDaysOf(settings[0]);
    const clients = new Map((await db.clients.bulkGet([...new Set(items.map((i) => i.client))])).flatMap((c) => (c ? [[c.id, c.name] as const] : [])));
    const now = db.serverNow();
    const entries = items.map((item): TrashEntry => {
      const row = item.row;
      const name = String(item.collection === "images" ? row.originalName || row.filename : row.name) || "-";
      return {
        collection: item.collection,
        id: item.id,
        kind: kindOf(item.collection, row),
        name,
        gallery: item.collection === "clients" ? "" : (clients.get(item.client) ?? ""),
        trashedAt: item.trashedAt,
        daysLeft: Math.max(0, Math.ceil((purgeAt(item.trashedAt, days) - now) / DAY_MS)),
      };
    });
    return { entries, days };
  });
}
