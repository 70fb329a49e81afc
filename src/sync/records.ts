/**
 * Mapping between server records and local rows: which fields each pull asks for, and which values of a
 * server record are the synced fields and which are server-only facts (file names, creation time).
 */
import type { RecordModel } from "pocketbase";
import { SYNCED_FIELDS, type SyncedCollection } from "../domain/records";

export type ServerRecord = RecordModel & { updated: string; fieldTimes?: Record<string, number> | null };

/** A named field list per query (only what the device stores). */
export const PULL_FIELDS: Record<SyncedCollection | "tombstones", string> = {
  clients: "id,created,updated,fieldTimes," + SYNCED_FIELDS.clients.join(","),
  images: "id,created,updated,fieldTimes,client,fileSize,mimeType,width,height,checksum,crc32,placeholder,uploadedAt,original,thumbnail,medium,large,preview," + SYNCED_FIELDS.images.join(","),
  settings: "id,created,updated,fieldTimes,logo," + SYNCED_FIELDS.settings.join(","),
  proof_lists: "id,created,updated,fieldTimes,client," + SYNCED_FIELDS.proof_lists.join(","),
  proof_states: "id,created,updated,fieldTimes,client," + SYNCED_FIELDS.proof_states.join(","),
  sets: "id,created,updated,fieldTimes,client," + SYNCED_FIELDS.sets.join(","),
  tombstones: "id,updated,recordCollection,recordId,client",
};

export function syncedValues(collection: SyncedCollection, record: RecordModel): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of SYNCED_FIELDS[collection]) values[field] = record[field] ?? (field === "metadata" ? null : field === "position" ? 0 : "");
  return values;
}

/** Values the server owns that the row mirrors as they are. */
export function serverOnlyValues(collection: SyncedCollection, record: RecordModel): Record<string, unknown> {
  if (collection === "clients") return { createdAt: String(record.created ?? "").replace(" ", "T") };
  if (collection === "settings") return { logo: record.logo ?? "" };
  if (collection === "proof_lists" || collection === "proof_states" || collection === "sets") return { client: record.client ?? "", created: record.created ?? "", updated: record.updated ?? "" };
  return {
    client: record.client,
    fileSize: record.fileSize ?? 0,
    mimeType: record.mimeType ?? "",
    width: record.width ?? 0,
    height: record.height ?? 0,
    checksum: record.checksum ?? "",
    crc32: record.crc32 ?? "",
    placeholder: record.placeholder ?? "",
    uploadedAt: record.uploadedAt ?? "",
    files: { original: record.original ?? "", thumbnail: record.thumbnail ?? "", medium: record.medium ?? "", large: record.large ?? "", preview: record.preview ?? "" },
  };
}
