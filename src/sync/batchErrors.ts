/** Reading PocketBase's answer to a failed batch: which sub-request failed, with what status and data. */
import { ClientResponseError } from "pocketbase";
import { refusalText } from "../lib/refusals/refusals";

export interface FailedSubRequest {
  index: number;
  status: number;
  message: string;
  data: Record<string, { code?: string; message?: string; params?: Record<string, unknown> }>;
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

/** A field's error (or the refusal's) in the owner's language when its code is a refusal the app knows (lib/rules/refusals). */
export function fieldErrorText(e: { code?: string; message?: string; params?: Record<string, unknown> }): string {
  return refusalText({ code: e.code ?? "", message: e.message, params: e.params }, e.code ?? "");
}

/** The refusal's words, then each field's (`refusal` is no field: lib/rules/refusals.js puts the refusal itself there). */
export function describeRejection(failure: FailedSubRequest): string {
  const { refusal, ...fields } = failure.data;
  const message = refusal ? fieldErrorText(refusal) : failure.message;
  const details = Object.entries(fields)
    .map(([field, e]) => `${field}: ${fieldErrorText(e)}`)
    .join("; ");
  return details ? `${message} (${details})` : message;
}
