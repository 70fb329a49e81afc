/**
 * Confirmations of images sent whole, written together (issue 28). On a fast link a photo's answer comes
 * every few dozen milliseconds, and each confirmation was its own transaction: every live query of the
 * screens (the client's photos, the upload counts, the header's status) ran again for each photo, in the
 * page and in the browser's storage process, on the cores the uploads needed. Confirmations that arrive
 * within WINDOW_MS of the first one waiting are written in one transaction.
 *
 * Nothing is lost by waiting: the lanes do not wait for confirmations, the sync waits for all of them
 * before it ends (`flush`), and a photo whose confirmation never got written (the tab closed in the
 * window) is sent again and recognised by the server as one it has (uploadWhole.ts).
 */
import type { StudioDb } from "../store/db";
import type { OutboxEntry } from "../store/rows";
import type { ServerRecord } from "./records";
import { confirmWhole, type WholeConfirmation } from "./uploadOriginal";

export const WINDOW_MS = 150;

interface Waiting extends WholeConfirmation {
  done: (error?: unknown) => void;
}

export interface Confirmations {
  /** Resolves once the photo's confirmation is written (rejects with the write's error). */
  add: (entry: OutboxEntry, record: ServerRecord, withJpeg: boolean) => Promise<void>;
  /**
   * Writes what waits now; resolves when every confirmation added so far is written or failed, with the
   * first failure's error (undefined when none failed).
   */
  flush: () => Promise<unknown>;
}

export function confirmationBatches(db: StudioDb, queues: { isFull: boolean }, windowMs = WINDOW_MS): Confirmations {
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One write at a time, in order.
  let writing: Promise<void> = Promise.resolve();
  let firstFailure: unknown;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (!batch.length) return;
    writing = writing.then(() =>
      confirmWhole(db, queues, batch).then(
        () => batch.forEach((w) => w.done()),
        (error: unknown) => {
          const failure = error ?? new Error("confirmation failed");
          firstFailure ??= failure;
          batch.forEach((w) => w.done(failure));
        },
      ),
    );
  };
  return {
    add: (entry, record, withJpeg) =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ entry, record, withJpeg, done: (error) => (error === undefined ? resolve() : reject(error)) });
        timer ??= setTimeout(write, windowMs);
      }),
    flush: () => {
      write();
      return writing.then(() => firstFailure);
    },
  };
}
