/**
 * An item's file steps beyond the photo's original in one request (uploadOriginal.ts): a clip's web version
 * (`webVideo`), and any file the planner sends in parts (uploadPlanner.ts: larger than PARTS_THRESHOLD),
 * through the server's resumable uploads (uploadParts.ts `sendInParts`, injectable for tests).
 * Medium and large still on the device (their batch was refused, or could not be confirmed) go with a web
 * version sent in one request, or in a small PATCH of their own before a file in parts.
 * A web version confirmed by the server leaves the device, as medium and large do (and they with it); the
 * entry stays in the outbox for the original, which the device keeps until the server has it.
 */
import type { default as PocketBase } from "pocketbase";
import type { StudioDb } from "../store/db";
import { isQuotaError } from "../store/errors";
import { discardEntry, outboxTables } from "../store/outbox";
import type { OutboxEntry } from "../store/rows";
import { applyServerRecords } from "./applyServerRecords";
import type { ServerRecord } from "./records";
import { uploadMultipart, type UploadProgress } from "./transport";
import { bytesOf, type SizeBlobs } from "./uploadBatch";
import { timed, type LinkMeter } from "./uploadLink";
import { confirmWhole, entryName, fileName, LATER_SIZES, uploadFailed, uploadOriginal } from "./uploadOriginal";
import { sendInParts } from "./uploadParts";
import type { FileField } from "./uploadPlanner";
import { sizesOf, type Device } from "./uploadSteps";

export type PartsSender = typeof sendInParts;

/** The name a web version is stored under (always MP4). */
export const WEB_VIDEO_NAME = "web.mp4";

function sizesForm(sizes: SizeBlobs): FormData {
  const form = new FormData();
  for (const [field, blob] of Object.entries(sizes)) form.set(field, blob, fileName(field, blob));
  return form;
}

export interface FileStep {
  field: FileField;
  inParts: boolean;
  /** The parts' sender (tests inject one); uploadParts.ts otherwise. */
  sendParts?: PartsSender;
}

/**
 * Sends one file of an item whose record the server has. Answers false when the item stops here (its
 * record is gone from the server, or its original from this device), true when its next file may follow.
 */
export async function uploadFile(db: StudioDb, pb: PocketBase, device: Device, entry: OutboxEntry, step: FileStep, report: (p: UploadProgress) => void, signal?: AbortSignal, meter?: LinkMeter): Promise<boolean> {
  const { field, inParts, sendParts = sendInParts } = step;
  if (field === "original" && !inParts) {
    await uploadOriginal(db, pb, device, entry, report, signal, meter);
    return true;
  }
  const blobs = await db.imageBlobs.get(entry.recordId);
  const file = blobs?.[field];
  if (!file) {
    if (field === "webVideo") return true; // sent already: the original next
    await discardEntry(db, entry); // deleted on this device before it was uploaded
    return false;
  }
  const url = pb.buildURL(`/api/collections/images/records/${entry.recordId}`);
  const leftover = sizesOf(blobs, LATER_SIZES);
  const name = field === "original" ? entryName(entry) || "original" : WEB_VIDEO_NAME;
  let record: ServerRecord;
  try {
    if (inParts) {
      if (Object.keys(leftover).length) await uploadMultipart("PATCH", url, sizesForm(leftover), pb.authStore.token, undefined, signal);
      record = await timed(meter, file.size, report, (progress) => sendParts(pb, file, { collection: "images", record: entry.recordId, field, name }, progress, signal));
    } else {
      const form = sizesForm(leftover);
      form.set(field, file, name);
      record = (await timed(meter, file.size + bytesOf(leftover), report, (progress) => uploadMultipart("PATCH", url, form, pb.authStore.token, progress, signal))) as ServerRecord;
    }
  } catch (err) {
    await uploadFailed(db, pb, entry, err);
    return false;
  }
  if (field === "original") await confirmWhole(db, device, [{ entry, record, withJpeg: false }]);
  else await confirmWebVideo(db, device, entry, record);
  return true;
}

/**
 * The server has the clip's web version (and its medium and large): they leave the device. On a full device
 * nothing can be written; they leave with the original's confirmation (or the whole item does).
 */
export async function confirmWebVideo(db: StudioDb, device: Device, entry: OutboxEntry, record: ServerRecord): Promise<void> {
  try {
    await db.transaction("rw", [...outboxTables(db), db.images, db.imageBlobs], async () => {
      await db.imageBlobs.update(entry.recordId, { webVideo: undefined, medium: undefined, large: undefined });
      await applyServerRecords(db, "images", [record]);
    });
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    device.isFull = true;
  }
}
