/**
 * What visitors did with each gallery, as the server counts it (`gallery_activity`, owner only). Online only:
 * the counters move with every visitor's download, so they are read when shown, not synced.
 */
import { z } from "zod";
import { pb } from "./pocketbase";

const ActivitySchema = z.object({
  id: z.string(),
  client: z.string(),
  views: z.number(),
  sessions: z.number(),
  singleDownloads: z.number(),
  zipDownloads: z.number(),
  zipPhotos: z.number(),
  lastVisit: z.string(),
});
export type GalleryActivity = z.infer<typeof ActivitySchema>;

/** Photos downloaded, one by one or in zips: the one figure the dashboard and the client's card both call so. */
export function photosDownloaded(a: Pick<GalleryActivity, "singleDownloads" | "zipPhotos">): number {
  return a.singleDownloads + a.zipPhotos;
}

const FIELDS = "id,client,views,sessions,singleDownloads,zipDownloads,zipPhotos,lastVisit";

/** The gallery's counters, null before its first visitor. */
export async function fetchActivity(clientId: string): Promise<GalleryActivity | null> {
  const page = await pb.collection("gallery_activity").getList(1, 1, { filter: pb.filter("client = {:id}", { id: clientId }), fields: FIELDS, skipTotal: true });
  return page.items[0] ? ActivitySchema.parse(page.items[0]) : null;
}

/** The galleries visited last, newest first. */
export async function fetchRecentActivity(limit: number): Promise<GalleryActivity[]> {
  const page = await pb.collection("gallery_activity").getList(1, limit, { filter: "lastVisit != ''", sort: "-lastVisit", fields: FIELDS, skipTotal: true });
  return page.items.map((i) => ActivitySchema.parse(i));
}
