/**
 * One guest who floods a gallery's download PIN with wrong guesses and pays for every puzzle (issue 37, item 2):
 * one session of the gallery, a fresh address named in X-Forwarded-For for each guess (the server must trust
 * it from loopback: TRUSTED_PROXY_HEADER), and each 428's puzzle solved in a worker thread, so the test's own
 * thread stays free to drive Chromium. Before issue 37 such a guest raised the puzzle of the right PIN without
 * bound (9 wrong PINs: 2^24 tries); now it stops at 2^20 (pb_hooks/lib/rules/friction.js). It only talks to the
 * test's server on 127.0.0.1, and stops when told (at once, even mid-puzzle) or at `maxGuesses`.
 */
import { Worker } from "node:worker_threads";

export interface PinFloodPlan {
  url: string;
  accessUrl: string;
  /** The `sg_gallery_…=…` cookie of the guest's session of the gallery. */
  sessionCookie: string;
  rightPin: string;
  maxGuesses: number;
  /** The pause between guesses, lighter on a shared machine. */
  paceMs: number;
}

export interface PinFloodSummary {
  guesses: number;
  /** The bits of every puzzle the server asked, in order. */
  asked: number[];
  answers: Record<string, number>;
}

const WORKER = `
const { parentPort, workerData: plan } = require("node:worker_threads");
const { createHash } = require("node:crypto");
function zeroBits(digest) {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) { bits += 8; continue; }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
function solve(c) {
  for (let nonce = 0; ; nonce++) {
    if (zeroBits(createHash("sha256").update(c.challenge + ":" + nonce).digest()) >= c.bits) return { challenge: c.challenge, signature: c.signature, nonce: String(nonce) };
  }
}
(async () => {
  for (let i = 0; i < plan.maxGuesses; i++) {
    let pin = String((1000 + i * 7) % 10000).padStart(4, "0");
    if (pin === plan.rightPin) pin = String((Number(pin) + 1) % 10000).padStart(4, "0");
    const headers = { "Content-Type": "application/json", "X-Forwarded-For": "10.97." + Math.floor(i / 250) + "." + ((i % 250) + 1), Cookie: plan.sessionCookie };
    const send = async (pow) => {
      const res = await fetch(plan.url + "/api/gallery/" + plan.accessUrl + "/download-pin", { method: "POST", headers, body: JSON.stringify({ pin, pow }) });
      return { status: res.status, body: await res.json() };
    };
    let answer = await send();
    if (answer.status === 428) {
      parentPort.postMessage({ asked: answer.body.data.bits });
      answer = await send(solve(answer.body.data));
    }
    parentPort.postMessage({ status: answer.status });
    await new Promise((r) => setTimeout(r, plan.paceMs));
  }
})();
`;

export function startPinFlood(plan: PinFloodPlan) {
  const worker = new Worker(WORKER, { eval: true, workerData: plan });
  const summary: PinFloodSummary = { guesses: 0, asked: [], answers: {} };
  let failed: unknown = null;
  let markPressed = () => {};
  let givePressedUp: (err: unknown) => void = () => {};
  /** Resolves when the guest is asked its fourth puzzle: past the cap's level, where the old puzzle kept growing (2^22). */
  const pressed = new Promise<void>((resolve, reject) => {
    markPressed = resolve;
    givePressedUp = reject;
  });
  worker.on("message", (m: { asked?: number; status?: number }) => {
    if (m.asked !== undefined && summary.asked.push(m.asked) >= 4) markPressed();
    if (m.status !== undefined) {
      summary.guesses++;
      summary.answers[m.status] = (summary.answers[m.status] ?? 0) + 1;
    }
  });
  worker.on("error", (err) => {
    failed = err;
    givePressedUp(err);
  });
  return {
    pressed,
    stop: async (): Promise<PinFloodSummary> => {
      await worker.terminate();
      if (failed) throw failed;
      return summary;
    },
  };
}
