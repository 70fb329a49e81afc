/** The proof-of-work worker: solves a gallery door's puzzle off the page's thread (workers/pow/solvePow.ts). */
import { expose } from "comlink";
import { solvePow, type PowChallenge, type PowSolution } from "./pow/solvePow";

const api = {
  solve(challenge: PowChallenge, onProgress: (fraction: number) => void): Promise<PowSolution> {
    return solvePow(challenge, onProgress);
  },
};

export type PowWorkerApi = typeof api;
expose(api);
