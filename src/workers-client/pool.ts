/**
 * A pool of workers of one kind, sized from the device's cores. Jobs queue for a free worker. Every job
 * takes an AbortSignal: aborting a running job terminates its worker (the only way to stop a decode in
 * flight) and a fresh one takes its place on demand. A worker that dies (out of memory on a huge file)
 * fails only its own job. Idle workers shut down after IDLE_MS to give their memory back.
 */
import { wrap, type Remote } from "comlink";
import { WORKER_TEXTS } from "./texts";

const IDLE_MS = 30_000;

interface Slot<Api> {
  worker: Worker;
  remote: Remote<Api>;
  isBusy: boolean;
  idleTimer?: ReturnType<typeof setTimeout>;
  /** Rejects the running job when the worker dies. */
  fail?: (err: Error) => void;
}

interface Waiting {
  start: () => void;
}

export function defaultPoolSize(): number {
  const cores = typeof navigator !== "undefined" ? navigator.hardwareConcurrency || 2 : 2;
  return Math.max(1, Math.min(4, cores));
}

export class WorkerPool<Api> {
  private slots: Slot<Api>[] = [];
  private waiting: Waiting[] = [];

  constructor(
    private readonly create: () => Worker,
    readonly size = defaultPoolSize(),
    private readonly idleMs = IDLE_MS,
  ) {}

  run<T>(job: (api: Remote<Api>) => Promise<T>, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const waiting: Waiting = {
        start: () => {
          signal?.removeEventListener("abort", onQueuedAbort);
          const slot = this.acquire();
          const onAbort = () => {
            this.discard(slot);
            reject(abortError(signal!));
          };
          signal?.addEventListener("abort", onAbort, { once: true });
          slot.fail = (err) => {
            signal?.removeEventListener("abort", onAbort);
            reject(err);
          };
          job(slot.remote).then(
            (value) => {
              signal?.removeEventListener("abort", onAbort);
              this.release(slot);
              resolve(value);
            },
            (err: unknown) => {
              signal?.removeEventListener("abort", onAbort);
              this.release(slot);
              reject(err);
            },
          );
        },
      };
      const onQueuedAbort = () => {
        this.waiting = this.waiting.filter((w) => w !== waiting);
        reject(abortError(signal!));
      };
      signal?.addEventListener("abort", onQueuedAbort, { once: true });
      this.waiting.push(waiting);
      this.pump();
    });
  }

  /** Terminates every worker (tests, sign-out). */
  close(): void {
    for (const slot of [...this.slots]) this.discard(slot);
  }

  private pump(): void {
    while (this.waiting.length && (this.slots.some((s) => !s.isBusy) || this.slots.length < this.size)) {
      this.waiting.shift()!.start();
    }
  }

  private acquire(): Slot<Api> {
    let slot = this.slots.find((s) => !s.isBusy);
    if (!slot) {
      const worker = this.create();
      slot = { worker, remote: wrap<Api>(worker), isBusy: false };
      const created = slot;
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        const fail = created.fail;
        this.discard(created);
        fail?.(workerFailure());
      });
      this.slots.push(slot);
    }
    clearTimeout(slot.idleTimer);
    slot.isBusy = true;
    return slot;
  }

  private release(slot: Slot<Api>): void {
    if (!this.slots.includes(slot)) return;
    slot.isBusy = false;
    slot.fail = undefined;
    slot.idleTimer = setTimeout(() => this.discard(slot), this.idleMs);
    this.pump();
  }

  private discard(slot: Slot<Api>): void {
    clearTimeout(slot.idleTimer);
    slot.worker.terminate();
    this.slots = this.slots.filter((s) => s !== slot);
    this.pump();
  }
}

/**
 * Why a worker failed. Offline in a page no service worker controls, its script cannot have loaded (the
 * app's offline copy is not ready yet: a first visit, or a cache still filling); otherwise it died in a job.
 */
function workerFailure(): Error {
  const nav = typeof navigator === "undefined" ? undefined : navigator;
  const isUnreachable = nav?.onLine === false && !nav.serviceWorker?.controller;
  const err = new Error(isUnreachable ? WORKER_TEXTS.notReadyOffline : WORKER_TEXTS.stopped);
  err.name = isUnreachable ? "WorkerUnavailableError" : "WorkerStoppedError";
  return err;
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException("The operation was aborted.", "AbortError");
}
