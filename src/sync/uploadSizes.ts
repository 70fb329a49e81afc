/**
 * Sends the sizes an older image lacks (made on this device by media/rebuildSizes.ts), or its
 * re-watermarked sizes (media/reapplyWatermark.ts), to its server record, and brings the answer into the store. Only server-owned file fields and the placeholder
 * change: no synced field is sent, so no edit of another device can be overwritten.
 */
import type PocketBase from "pocketbase";
import { extensionForType } from "../domain/image-formats";
import type { StudioDb } from "../store/db";
import { applyServerRecords } from "./applyServerRecords";
import type { ServerRecord } from "./records";
import { uploadMultipart } from "./transport";

export interface RebuiltSizes {
  medium: Blob;
  large: Blob;
  placeholder: string;
  /** The preview too, when the watermark is re-applied (media/reapplyWatermark.ts). */
  preview?: Blob;
}

/**
 * Sends the full-size JPEG made on this device for a photo imported before its gallery asked for JPEG
 * (features/client-gallery/makeJpegs.ts), and brings the answer into the store.
 */
export async function uploadJpeg(db: StudioDb, pb: PocketBase, id: string, jpeg: Blob, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  form.set("jpeg", jpeg, "jpeg.jpg");
  const record = (await uploadMultipart("PATCH", pb.buildURL(`/api/collections/images/records/${encodeURIComponent(id)}`), form, pb.authStore.token, undefined, signal)) as ServerRecord;
  await applyServerRecords(db, "images", [record]);
}

export async function uploadSizes(db: StudioDb, pb: PocketBase, id: string, sizes: RebuiltSizes, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  form.set("medium", sizes.medium, `medium.${extensionForType(sizes.medium.type)}`);
  form.set("large", sizes.large, `large.${extensionForType(sizes.large.type)}`);
  form.set("placeholder", sizes.placeholder);
  if (sizes.preview) form.set("preview", sizes.preview, `preview.${extensionForType(sizes.preview.type)}`);
  const record = (await uploadMultipart("PATCH", pb.buildURL(`/api/collections/images/records/${encodeURIComponent(id)}`), form, pb.authStore.token, undefined, signal)) as ServerRecord;
  await applyServerRecords(db, "images", [record]);
}
