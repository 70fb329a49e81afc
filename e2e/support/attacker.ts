/**
 * A brute-force attacker for browser tests (issue 24): wrong codes on the code-only route and on a gallery's
 * link, and wrong download PINs with a session of that gallery (the PIN is there for people who have the
 * code), from `addresses` addresses named in X-Forwarded-For (the server must trust it from loopback:
 * TRUSTED_PROXY_HEADER). It only talks to the test's server on 127.0.0.1.
 *
 * It has no compute budget: a 428 (a puzzle) is counted and left unsolved, like a 429. So it holds the
 * shared budgets at their free allowance (8 code-only, 5 per PIN) and the real client meets the smallest
 * puzzle; how far an attacker who pays for puzzles gets is computed in docs/SECURITY.md and simulated in
 * pb_hooks/lib/rules/friction.test.ts, not raced here.
 *
 * Bounded: it stops when told (after at least `minAttempts`), at `maxAttempts`, or at `deadlineMs`.
 */

export interface AttackPlan {
  url: string;
  accessUrl: string;
  /** The `sg_gallery_…=…` cookie of a session of the gallery, for the PIN attempts. */
  sessionCookie: string;
  rightCode: string;
  rightPin: string;
  addresses: number;
  minAttempts: number;
  maxAttempts: number;
  deadlineMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Each sender's pause between requests once `minAttempts` are sent: the attack goes on, lighter on a shared machine. */
  paceMs: number;
}

export type AttemptKind = "code-only" | "link" | "pin";

export interface AttackSummary {
  attempts: number;
  addressesUsed: number;
  /** Answers by attempt kind and HTTP status, e.g. { "pin": { "401": 5, "428": 300 } }. */
  answers: Record<AttemptKind, Record<string, number>>;
  /** True when it was still attacking when told to stop (neither cap reached). */
  ranUntilStopped: boolean;
}

export interface Attack {
  /** Resolves once both shared budgets (code-only and the PIN) ask a puzzle. */
  pressured: Promise<void>;
  attempts: () => number;
  stop: () => Promise<AttackSummary>;
}

const KINDS: AttemptKind[] = ["code-only", "link", "pin"];

/** The i-th attacking address: 10.99.x.y, never the browser's loopback. */
export function attackAddress(i: number): string {
  return `10.99.${Math.floor(i / 250)}.${(i % 250) + 1}`;
}

function wrongCode(i: number, right: string): string {
  const code = `W${i.toString(36).toUpperCase().padStart(5, "0")}`;
  return code === right ? "WRONG1" : code;
}

function wrongPin(i: number, right: string): string {
  const pin = String(i % 10_000).padStart(4, "0");
  return pin === right ? String((i + 1) % 10_000).padStart(4, "0") : pin;
}

function request(plan: AttackPlan, kind: AttemptKind, i: number): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Forwarded-For": attackAddress(i % plan.addresses) };
  if (kind === "code-only") return fetch(`${plan.url}/api/gallery/access`, { method: "POST", headers, body: JSON.stringify({ accessCode: wrongCode(i, plan.rightCode) }) });
  if (kind === "link") return fetch(`${plan.url}/api/gallery/${plan.accessUrl}/verify`, { method: "POST", headers, body: JSON.stringify({ accessCode: wrongCode(i, plan.rightCode) }) });
  return fetch(`${plan.url}/api/gallery/${plan.accessUrl}/download-pin`, { method: "POST", headers: { ...headers, Cookie: plan.sessionCookie }, body: JSON.stringify({ pin: wrongPin(i, plan.rightPin) }) });
}

export function startAttack(plan: AttackPlan): Attack {
  const answers: AttackSummary["answers"] = { "code-only": {}, link: {}, pin: {} };
  const started = Date.now();
  let next = 0;
  let done = 0;
  let stopAsked = false;
  let capped = false;
  let markPressured = () => {};
  const pressured = new Promise<void>((resolve) => (markPressured = resolve));

  async function worker() {
    for (;;) {
      if (stopAsked && done >= plan.minAttempts) return;
      if (next >= plan.maxAttempts || Date.now() - started > plan.deadlineMs) {
        capped = true;
        return;
      }
      const i = next++;
      // 100 and 3 share no factor, so every address tries every kind in turn.
      const kind = KINDS[i % KINDS.length]!;
      let status = "error";
      try {
        const res = await request(plan, kind, i);
        await res.arrayBuffer();
        status = String(res.status);
      } catch {
        // counted as "error": a refused connection is no answer
      }
      done++;
      answers[kind][status] = (answers[kind][status] ?? 0) + 1;
      if (answers["code-only"]["428"] && answers.pin["428"]) markPressured();
      if (done >= plan.minAttempts) await new Promise((r) => setTimeout(r, plan.paceMs));
    }
  }

  const workers = Array.from({ length: plan.concurrency }, () => worker());
  return {
    pressured,
    attempts: () => done,
    stop: async () => {
      const wasRunning = !capped;
      stopAsked = true;
      await Promise.all(workers);
      return { attempts: done, addressesUsed: Math.min(plan.addresses, next), answers, ranUntilStopped: wasRunning && !capped };
    },
  };
}
