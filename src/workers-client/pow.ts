/** Solves a proof-of-work challenge in a worker (workers/pow.worker.ts); aborting terminates the worker. */
import { proxy, wrap } from "comlink";
import type { PowWorkerApi } from "../../workers/pow.worker";
import type { PowChallenge, PowSolution } from "../../workers/pow/solvePow";

export type { PowChallenge, PowSolution } from "../../workers/pow/solvePow";

export async function solvePowInWorker(challenge: PowChallenge, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<PowSolution> {
  const worker = new Worker(new URL("../../workers/pow.worker.ts", import.meta.url), { type: "module", name: "pow" });
  const abort = () => worker.terminate();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    return await wrap<PowWorkerApi>(worker).solve(challenge, proxy(onProgress));
  } finally {
    signal?.removeEventListener("abort", abort);
    worker.terminate();
  }
}
