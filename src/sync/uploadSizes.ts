/**
 * Sends the sizes an older image lacks (made on this device by features/client-gallery/rebuildSizes.ts), or its
 * re-watermarked sizes (features/client-gallery/reapplyWatermark.ts), to its server record, and brings the answer into the store. Only server-owned file fields and the placeholder
 * change: no synced field is sent, so no edit of another device can be overwritten.
 */
import type PocketBase from "pocketbase";
import type { StudioDb } from "../store/db";
import { applyServerRecords } from "./applyServerRecords";
import type { ServerRecord } from "./records";
import { uploadMultipart } from "./transport";

export interface RebuiltSizes {
  medium: Blob;
  large: Blob;
  placeholder: string;
  /** The preview too, when the watermark is re-applied (features/client-gallery/reapplyWatermark.ts). */
  preview?: Blob;
}

const EXTENSION: Record<string, string> = { "image/webp": "webp", "image/jpeg": "jpg" };

export async function uploadSizes(db: StudioDb, pb: PocketBase, id: string, sizes: RebuiltSizes, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  form.set("medium", sizes.medium, `medium.${EXTENSION[sizes.medium.type] ?? "bin"}`);
  form.set("large", sizes.large, `large.${EXTENSION[sizes.large.type] ?? "bin"}`);
  form.set("placeholder", sizes.placeholder);
  if (sizes.preview) form.set("preview", sizes.preview, `preview.${EXTENSION[sizes.preview.type] ?? "bin"}`);
  const record = (await uploadMultipart("PATCH", pb.buildURL(`/api/collections/images/records/${encodeURIComponent(id)}`), form, pb.authStore.token, undefined, signal)) as ServerRecord;
  await applyServerRecords(db, "images", [record]);
}
