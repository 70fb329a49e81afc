/**
 * A door under pressure answers 428 with a puzzle (pb_hooks/lib/rules/friction.js); this solves it in a worker,
 * reporting progress, and sends the same request again with the solution. The puzzle may grow while it is
 * solved (others keep failing), so a few rounds are allowed; the door is never closed, only slower.
 */
import * as g from "../../lib/guards";
import { solvePowInWorker, type PowSolution } from "../../workers-client/pow";
import { GalleryApiError } from "./api";

const ChallengeSchema = g.object({ challenge: g.string(), signature: g.string(), bits: g.int(1, 96) });
/** Rounds before giving up: each is a fresh puzzle at the door's current cost. */
const MAX_ROUNDS = 4;

export async function withProofOfWork<T>(attempt: (pow?: PowSolution) => Promise<T>, onProgress: (fraction: number | null) => void, signal?: AbortSignal): Promise<T> {
  let pow: PowSolution | undefined;
  try {
    for (let round = 0; ; round++) {
      try {
        return await attempt(pow);
      } catch (err) {
        const challenge = err instanceof GalleryApiError && err.status === 428 ? ChallengeSchema.safeParse(err.data) : null;
        if (!challenge?.success || round >= MAX_ROUNDS) throw err;
        onProgress(0);
        pow = await solvePowInWorker(challenge.data, onProgress, signal);
      }
    }
  } finally {
    onProgress(null);
  }
}
