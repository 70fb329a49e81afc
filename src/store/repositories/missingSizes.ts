/**
 * The next image that lacks one of the sizes added after the first release (medium, large) or its
 * placeholder (media/rebuildSizes.ts makes them after each sync). Read through the indexes of those three
 * fields (Dexie schema v9): only the rows with one of them empty are read, so the check after every sync
 * costs nothing once the catalogue is complete, however many photos it holds (issue 39: a filter over the
 * whole table read all 100,000 rows each time). Likewise the photos lacking a full-size JPEG are looked for
 * only in the galleries that deliver JPEGs (media/makeJpegs.ts).
 */
import type { StudioDb } from "../db";
import type { ImageRow } from "../rows";

/** The first image, among those with an empty placeholder, medium or large, that `wanted` accepts. */
export function firstMissingSizes(db: StudioDb, wanted: (row: ImageRow) => boolean): Promise<ImageRow | undefined> {
  return db.images.where("placeholder").equals("").or("files.medium").equals("").or("files.large").equals("").filter(wanted).first();
}

/** The first image of one of `clientIds` (through the `client` index) that `wanted` accepts; none for none. */
export async function firstInGalleries(db: StudioDb, clientIds: string[], wanted: (row: ImageRow) => boolean): Promise<ImageRow | undefined> {
  if (!clientIds.length) return undefined;
  return db.images.where("client").anyOf(clientIds).filter(wanted).first();
}
