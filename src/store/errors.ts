/** Errors of the store that the user must understand. */
export class StoreError extends Error {
  constructor(
    readonly kind: "quota" | "not-found" | "not-ready" | "code-taken" | "invalid",
    message: string,
  ) {
    super(message);
    this.name = "StoreError";
  }
}

export const QUOTA_MESSAGE =
  "This device has run out of storage space, so nothing was saved. Free some space (for example by removing downloaded files) and try again.";

/** Whether a failed write ran out of storage (Dexie wraps the DOMException in `inner`). */
export function isQuotaError(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { inner?: unknown }).inner) {
    const name = (e as { name?: string }).name;
    if (name === "QuotaExceededError") return true;
  }
  return false;
}

/** Runs a write; a full disk becomes a StoreError with a clear message (Dexie has rolled the transaction back). */
export async function guardQuota<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isQuotaError(err)) throw new StoreError("quota", QUOTA_MESSAGE);
    throw err;
  }
}
