/**
 * 'Re-apply watermark': re-renders the watermarked sizes (medium, large, preview) of a gallery's images
 * whose recorded watermark differs from what the settings ask for now, on this device in the media
 * workers, from the original (its own copy, or downloaded with the owner's token). It uploads the new
 * files like the size rebuild does (sync/uploadSizes.ts), keeps the new preview here, and records the
 * signature in the image's metadata (a synced edit through the images repository). Images the server
 * has not fully received yet are left alone: their upload is still waiting.
 */
import { isVideo } from "../domain/records";
import { needsWatermark, watermarkSignature } from "../domain/watermark";
import { db } from "../store/db";
import { keepPreview } from "../store/imageCache";
import { updateImage } from "../store/repositories/images";
import type { ImageRow, SettingsRow } from "../store/rows";
import { imageFile } from "../sync/imageFiles";
import { pb } from "../sync/pocketbase";
import { uploadSizes } from "../sync/uploadSizes";
import { mediaPool } from "../workers-client/media";
import { processOptions } from "./processOptions";

/** The settings' signature, as the worker will draw it on this device (logo only once its bytes are here). */
export function currentSignature(settings: SettingsRow | null | undefined): string {
  return watermarkSignature(settings ? { ...settings, logo: settings.logoFile?.name === settings.logo ? settings.logo : "" } : null);
}

/**
 * On the server (original and preview uploaded) and made with another watermark than `signature`. Not a clip:
 * its poster and web version are made from the clip at import (re-applying would mean a new web version).
 */
export function needsReapply(image: ImageRow, signature: string): boolean {
  return !isVideo(image) && !!image.files.original && !!image.files.preview && needsWatermark(image.metadata, signature);
}

export async function reapplyWatermark(images: ImageRow[], onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<{ done: number; failed: number }> {
  const { signature, ...options } = await processOptions();
  const todo = images.filter((i) => needsReapply(i, signature));
  let done = 0;
  let failed = 0;
  onProgress(0, todo.length);
  for (const image of todo) {
    if (signal?.aborted) break;
    try {
      const original = await imageFile(db, image.id, "original", signal);
      const p = await mediaPool().run((api) => api.processImage(original, options), signal);
      await uploadSizes(db, pb, image.id, { medium: p.medium, large: p.large, preview: p.preview, placeholder: p.placeholder }, signal);
      await keepPreview(db, image.id, p.preview);
      const row = await db.images.get(image.id);
      await updateImage(db, image.id, { metadata: { ...(row?.metadata ?? {}), watermark: signature } });
      done++;
    } catch {
      if (signal?.aborted) break;
      failed++;
    }
    onProgress(done + failed, todo.length);
  }
  return { done, failed };
}
