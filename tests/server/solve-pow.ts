/** Solves the server's proof-of-work challenges (pb_hooks/lib/friction.js) in Node, as the visitor's worker does. */
import { createHash } from "node:crypto";

export interface Challenge {
  challenge: string;
  signature: string;
  bits: number;
}
export interface Solution {
  challenge: string;
  signature: string;
  nonce: string;
}

function zeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export function solve(c: Challenge): Solution {
  for (let nonce = 0; ; nonce++) {
    if (zeroBits(createHash("sha256").update(`${c.challenge}:${nonce}`).digest()) >= c.bits) return { challenge: c.challenge, signature: c.signature, nonce: String(nonce) };
  }
}
