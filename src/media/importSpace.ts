/**
 * Room on this device for an import. The browser says how much the origin may still store
 * (`navigator.storage.estimate()`); the import spends it file by file, before a file is processed, so it
 * stops before the disk is full instead of failing half-way through a photo. A photo takes its own size and
 * about as much again in its other sizes (thumbnail to large, preview); a reserve stays for sync and the
 * app. The estimate is a guess: a QuotaExceededError when storing (caught by the caller) ends it too.
 */

/** Bytes a photo takes on the device, per byte of its file (original plus the sizes made from it). */
export const SPACE_PER_BYTE = 1.6;
/** Left free for sync's own writes, the offline copy's bookkeeping and the rest of the app. */
export const RESERVE_BYTES = 32 * 1024 * 1024;

export class SpaceBudget {
  private isExhausted = false;

  constructor(private left: number) {}

  /** What the browser reports as free, less the reserve; unlimited where the Storage API is missing. */
  static async measure(): Promise<SpaceBudget> {
    const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
    if (!estimate?.quota) return new SpaceBudget(Number.POSITIVE_INFINITY);
    return new SpaceBudget(estimate.quota - (estimate.usage ?? 0) - RESERVE_BYTES);
  }

  /** Takes room for a file of `bytes`; false (and nothing taken) when it does not fit or the device filled up. */
  take(bytes: number): boolean {
    const need = bytes * SPACE_PER_BYTE;
    if (this.isExhausted || need > this.left) return false;
    this.left -= need;
    return true;
  }

  /** The device refused a write: nothing more fits, whatever the estimate said. */
  exhaust(): void {
    this.isExhausted = true;
  }
}
