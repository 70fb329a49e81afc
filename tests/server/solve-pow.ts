/** Solves the server's proof-of-work challenges (pb_hooks/lib/rules/friction.js) in Node, as the visitor's worker does. */
import { createHash } from "node:crypto";
import { zeroBits, type PowChallenge, type PowSolution } from "../../workers/pow/solvePow";

export type Challenge = PowChallenge;
export type Solution = PowSolution;

export function solve(c: Challenge): Solution {
  for (let nonce = 0; ; nonce++) {
    if (zeroBits(createHash("sha256").update(`${c.challenge}:${nonce}`).digest()) >= c.bits) return { challenge: c.challenge, signature: c.signature, nonce: String(nonce) };
  }
}
