/** Reading PocketBase's answer to a failed batch: which sub-request failed, with what status and data. */
import { ClientResponseError } from "pocketbase";

export interface FailedSubRequest {
  index: number;
  status: number;
  message: string;
  data: Record<string, { code?: string; message?: string }>;
}

type BatchErrorData = { requests?: Record<string, { response?: { status?: number; message?: string; data?: FailedSubRequest["data"] } }> } | undefined;

/** A refused batch through the PocketBase SDK (record batches of the outbox push). */
export function failedSubRequest(err: unknown): FailedSubRequest | null {
  if (!(err instanceof ClientResponseError) || err.status !== 400) return null;
  return failedSubRequestIn(err.response?.data);
}

/**
 * The first failed sub-request in the `data` of a 400 answer to `/api/batch`, however it was sent (the SDK,
 * or the multipart uploads of sync/uploadImages.ts): `{ requests: { "<index>": { response } } }`.
 */
export function failedSubRequestIn(data: unknown): FailedSubRequest | null {
  const requests = (data as BatchErrorData)?.requests;
  if (!requests) return null;
  const [index, failure] = Object.entries(requests)[0] ?? [];
  if (index === undefined || !failure?.response) return null;
  return { index: Number(index), status: failure.response.status ?? 400, message: failure.response.message ?? "Rejected", data: failure.response.data ?? {} };
}

/** A create refused only because the id exists: an earlier push of it reached the server. */
export function isDuplicateId(failure: FailedSubRequest): boolean {
  return failure.status === 400 && failure.data.id?.code === "validation_not_unique";
}

export function describeRejection(failure: FailedSubRequest): string {
  const details = Object.entries(failure.data)
    .map(([field, e]) => `${field}: ${e.message ?? e.code}`)
    .join("; ");
  return details ? `${failure.message} (${details})` : failure.message;
}
