/**
 * Runs upload requests a few at a time (two by default), so the link carries the next request while the
 * server saves the previous one. `take` hands out the next job when a lane frees, or null when there is
 * nothing to start now; it is asked again whenever a job ends or `wake` is called (a job may make more
 * work possible before it ends: its body is sent and the server is saving it). The first failure stops
 * new jobs; the others in flight end (their answers are kept) before it is thrown.
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
export async function runInLanes(take: () => UploadJob | null, lanes = UPLOAD_LANES, signal?: AbortSignal, wake?: Wake): Promise<number> {
  const running = new Set<Promise<void>>();
  let started = 0;
  let failure: { error: unknown } | null = null;
  for (;;) {
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
    if (!running.size) break;
    await Promise.race(wake ? [...running, wake.next()] : running);
  }
  if (failure) throw (failure as { error: unknown }).error;
  signal?.throwIfAborted();
  return started;
}
