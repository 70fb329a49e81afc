/** A client's images from the device's store, oldest first, live; none in the trash (issue 43). */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import { live } from "../../store/repositories/trash";
import type { ImageRow } from "../../store/rows";

export function useClientImages(clientId: string | undefined): ImageRow[] | undefined {
  return useLiveQuery(async () => (clientId ? live(await db.images.where("client").equals(clientId).toArray()).sort(byUpload) : []), [clientId]);
}

export function byUpload(a: ImageRow, b: ImageRow): number {
  return a.uploadedAt < b.uploadedAt ? -1 : a.uploadedAt > b.uploadedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
