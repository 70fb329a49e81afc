/**
 * Runs upload requests a few at a time (two by default), so the link carries the next request while the
 * server saves the previous one. `take` hands out the next job when a lane frees, or null when there is
 * nothing to start now; it is asked again whenever a job ends or `wake` is called (a job may make more
 * work possible before it ends: its body is sent and the server is saving it). The lanes end when none
 * runs and `take` has nothing, unless `more` (work still being found, started once the first jobs are) is
 * pending: then they wait for it.
 * The first failure stops new jobs; the others in flight end (their answers are kept) before it is thrown.
 */
export type UploadJob = () => Promise<void>;

export const UPLOAD_LANES = 2;

/** Lets a running job ask the lanes to look for work again. */
export interface Wake {
  (): void;
  next: () => Promise<void>;
}

export function createWake(): Wake {
  let resolve: () => void = () => undefined;
  let pending = new Promise<void>((r) => (resolve = r));
  const wake = (() => {
    resolve();
    pending = new Promise<void>((r) => (resolve = r));
  }) as Wake;
  wake.next = () => pending;
  return wake;
}

/** Runs the jobs `take` hands out, at most `lanes` at a time; returns how many ran. */
export async function runInLanes(take: () => UploadJob | null, lanes = UPLOAD_LANES, signal?: AbortSignal, wake?: Wake, more?: () => Promise<unknown>): Promise<number> {
  const running = new Set<Promise<void>>();
  let started = 0;
  let failure: { error: unknown } | null = null;
  let coming: Promise<void> | undefined;
  for (let round = 0; ; round++) {
    while (!failure && !signal?.aborted && running.size < lanes) {
      const job = take();
      if (!job) break;
      started++;
      const run: Promise<void> = Promise.resolve()
        .then(job)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => running.delete(run));
      running.add(run);
    }
    // Settled (its work handed to `take`, or its failure kept), it is no longer waited for.
    if (round === 0 && more)
      coming = Promise.resolve()
        .then(more) // after the jobs just handed out have started
        .then(
          () => undefined,
          (error: unknown) => {
            failure ??= { error };
          },
        )
        .finally(() => (coming = undefined));
    if (!running.size && (!coming || failure || signal?.aborted)) break;
    await Promise.race([...running, ...(wake ? [wake.next()] : []), ...(coming ? [coming] : [])]);
  }
  if (failure) throw (failure as { error: unknown }).error;
  signal?.throwIfAborted();
  return started;
}
