/**
 * Batch requests of the upload (uploadSteps.ts; how many images a batch takes: uploadPlanner.ts): sending one through
 * PocketBase's batch API with its files (multipart). Timed for the link meter (uploadLink.ts).
 */
import type { default as PocketBase } from "pocketbase";
import type { SizeField } from "../domain/image-sizes";
import type { OutboxEntry } from "../store/rows";
import { failedSubRequestIn, type FailedSubRequest } from "./batchErrors";
import type { ServerRecord } from "./records";
import { isTransientStatus, TransientError } from "./transient";
import { UploadError, uploadMultipart, type UploadProgress } from "./transport";
import { timed, type LinkMeter } from "./uploadLink";
import { fileName } from "./uploadOriginal";

/** The files sent with a record: every size of src/domain/image-sizes.ts this device made. */
export type SizeBlobs = Partial<Record<SizeField, Blob>>;

export const bytesOf = (sizes: SizeBlobs) => Object.values(sizes).reduce((sum, blob) => sum + (blob?.size ?? 0), 0);

export function batchIndexOf(err: unknown): FailedSubRequest | null {
  if (!(err instanceof UploadError) || err.status !== 400) return null;
  return failedSubRequestIn((err.body as { data?: unknown } | undefined)?.data);
}

export type Report = (entry: OutboxEntry, p: UploadProgress) => void;

/**
 * Sends one batch request: `requests` as its JSON payload, each item's files under `requests.{i}.{field}`
 * (PocketBase's batch API takes multipart bodies). Answers the records; a 429 or 5xx of the batch or of
 * one of its requests is a TransientError (sent again later, never dropped).
 */
export async function sendBatch(pb: PocketBase, batch: Array<{ entry: OutboxEntry; sizes: SizeBlobs }>, requests: object[], onProgress: Report, signal?: AbortSignal, meter?: LinkMeter): Promise<ServerRecord[]> {
  const form = new FormData();
  form.set("@jsonPayload", JSON.stringify({ requests }));
  batch.forEach(({ sizes }, i) => {
    for (const [field, blob] of Object.entries(sizes)) form.set(`requests.${i}.${field}`, blob, fileName(field, blob));
  });
  const bytes = batch.reduce((sum, b) => sum + bytesOf(b.sizes), 0);
  try {
    const report = (p: UploadProgress) => batch.forEach(({ entry }) => onProgress(entry, p));
    const responses = (await timed(meter, bytes, report, (progress) => uploadMultipart("POST", pb.buildURL("/api/batch"), form, pb.authStore.token, progress, signal))) as Array<{ body: ServerRecord }>;
    return responses.map((r) => r.body);
  } catch (err) {
    const failed = batchIndexOf(err);
    if (failed && isTransientStatus(failed.status)) throw new TransientError(failed.status);
    if (err instanceof UploadError && isTransientStatus(err.status)) throw new TransientError(err.status, err.retryAfterMs);
    throw err;
  }
}
