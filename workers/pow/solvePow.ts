/**
 * Solves the server's proof-of-work challenge (pb_hooks/lib/rules/friction.js): the smallest decimal nonce whose
 * SHA-256("<challenge>:<nonce>") starts with `bits` zero bits. Digests run in batches so that crypto.subtle's
 * promises overlap; progress is the share of the expected 2^bits tries (capped below 1: luck decides the end).
 */
export interface PowChallenge {
  challenge: string;
  signature: string;
  bits: number;
}
export interface PowSolution {
  challenge: string;
  signature: string;
  nonce: string;
}
/** Digests in flight at once: enough to keep the hasher busy, few enough to report progress often. */
const BATCH = 512;

export function zeroBits(digest: Uint8Array): number {
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

export async function solvePow(c: PowChallenge, onProgress: (fraction: number) => void, subtle: SubtleCrypto = crypto.subtle): Promise<PowSolution> {
  const encoder = new TextEncoder();
  const expected = Math.pow(2, c.bits);
  for (let start = 0; ; start += BATCH) {
    const digests = await Promise.all(Array.from({ length: BATCH }, (_, i) => subtle.digest("SHA-256", encoder.encode(`${c.challenge}:${start + i}`))));
    const found = digests.findIndex((d) => zeroBits(new Uint8Array(d)) >= c.bits);
    if (found !== -1) return { challenge: c.challenge, signature: c.signature, nonce: String(start + found) };
    onProgress(Math.min(0.99, (start + BATCH) / expected));
  }
}
