/**
 * An image sent whole, on a fast link (uploadLink.ts): one multipart POST creating its record with every
 * size and the original (and its full-size JPEG when the gallery delivers originals as JPEG, within what
 * one request may carry). One server write instead of three. The server stores the files only when the
 * request completed, so an interrupted one leaves neither record nor file, and the image goes whole again.
 * Confirmed: the entry leaves the outbox, and the original, medium, large and JPEG leave the device
 * (thumbnail and preview stay for offline viewing), as after the step-by-step upload. Refused: the caller
 * sends the image step by step instead (uploadImages.ts), which deals with each refusal as it always has
 * (a record the server already has, a client gone, a photo the server will not take).
 */
import { ClientResponseError, type default as PocketBase } from "pocketbase";
import type { ImageBlobRow, OutboxEntry } from "../store/rows";
import type { ServerRecord } from "./records";
import { isTransientStatus, TransientError } from "./transient";
import { UploadError, uploadMultipart, type UploadProgress } from "./transport";
import { timed, type LinkMeter } from "./uploadLink";
import { entryName, fileName, ONE_REQUEST_BYTES } from "./uploadOriginal";

const SIZE_FIELDS = ["thumbnail", "preview", "medium", "large"] as const;

/** The request's body, and whether it carries the full-size JPEG. */
export function wholeForm(entry: OutboxEntry, blobs: ImageBlobRow): { form: FormData; bytes: number; withJpeg: boolean } {
  const form = new FormData();
  form.set("@jsonPayload", JSON.stringify({ id: entry.recordId, ...entry.fields, fieldTimes: entry.fieldTimes }));
  let bytes = 0;
  for (const field of SIZE_FIELDS) {
    const blob = blobs[field];
    if (!blob) continue;
    form.set(field, blob, fileName(field, blob));
    bytes += blob.size;
  }
  form.set("original", blobs.original!, entryName(entry) || "original");
  bytes += blobs.original!.size;
  const withJpeg = !!blobs.jpeg && blobs.original!.size + blobs.jpeg.size <= ONE_REQUEST_BYTES;
  if (withJpeg) {
    form.set("jpeg", blobs.jpeg!, "jpeg.jpg");
    bytes += blobs.jpeg!.size;
  }
  return { form, bytes, withJpeg };
}

/**
 * Sends one image whole. Answers the server's record once it has the whole photo (its answer, or the
 * record it already had: an earlier answer was lost on the way back), for confirmWhole; or "refused" when
 * the server refused the create and does not hold the whole photo: send it step by step.
 * A 429 or 5xx is a TransientError (sent again later); a lost connection fails the sync (sent again next time).
 */
export async function sendWhole(pb: PocketBase, entry: OutboxEntry, blobs: ImageBlobRow, report: (p: UploadProgress) => void, signal?: AbortSignal, meter?: LinkMeter): Promise<{ record: ServerRecord; withJpeg: boolean } | "refused"> {
  const { form, bytes, withJpeg } = wholeForm(entry, blobs);
  try {
    const record = (await timed(meter, bytes, report, (progress) => uploadMultipart("POST", pb.buildURL("/api/collections/images/records"), form, pb.authStore.token, progress, signal))) as ServerRecord;
    return { record, withJpeg };
  } catch (err) {
    if (!(err instanceof UploadError) || err.status === 0) throw err;
    if (isTransientStatus(err.status)) throw new TransientError(err.status, err.retryAfterMs);
    // Refused: perhaps the server has it already (an earlier answer was lost on the way back).
    const existing = await pb.collection("images").getOne<ServerRecord>(entry.recordId, { signal }).catch((e: unknown) => {
      if (e instanceof ClientResponseError && e.status === 404) return null;
      throw e;
    });
    return existing?.original ? { record: existing, withJpeg } : "refused";
  }
}
