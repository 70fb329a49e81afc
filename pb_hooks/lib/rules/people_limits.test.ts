/** The people limits' bucket and network (issue 37, lib/rules/people_limits.js), as pure functions. */
import { describe, expect, it } from "vitest";
import { PEOPLE_LIMITS, UNUSED_AFTER_MS, bucketBeforeNew, peopleNetworkMaterial, unusedBefore } from "./people_limits.js";
import { PEOPLE_PER_GALLERY } from "./proofing_rules.js";
import { addressMaterial, networkMaterial } from "./rules.js";

/** `n` new people asked for at `at`, one after the other: how many were allowed, and the bucket's time after. */
function ask(n: number, at: number, tat: number, limit = PEOPLE_LIMITS.address) {
  let allowed = 0;
  let last: ReturnType<typeof bucketBeforeNew> | null = null;
  for (let i = 0; i < n; i++) {
    last = bucketBeforeNew(tat, at, limit);
    if (last.allowed && last.tat !== undefined) {
      allowed++;
      tat = last.tat;
    }
  }
  return { allowed, tat, last: last! };
}

describe("the people bucket", () => {
  it("allows the burst at once, then one per interval, and says how long to wait", () => {
    const t0 = 1_000_000_000;
    const first = ask(PEOPLE_LIMITS.address.burst + 3, t0, 0);
    expect(first.allowed).toBe(PEOPLE_LIMITS.address.burst);
    expect(first.last).toEqual({ allowed: false, retryAfterMs: PEOPLE_LIMITS.address.everyMs });
    // One interval later, exactly one more; a whole burst of intervals later, a whole burst again.
    expect(ask(3, t0 + PEOPLE_LIMITS.address.everyMs, first.tat).allowed).toBe(1);
    expect(ask(100, t0 + PEOPLE_LIMITS.address.burst * PEOPLE_LIMITS.address.everyMs, first.tat).allowed).toBe(PEOPLE_LIMITS.address.burst);
  });

  it("lets neither one address nor one network hold a full gallery of names nobody used", () => {
    for (const limit of [PEOPLE_LIMITS.address, PEOPLE_LIMITS.network]) {
      // Asking every minute for as long as a name nobody used still counts.
      let tat = 0;
      let made = 0;
      for (let t = 0; t < UNUSED_AFTER_MS; t += 60_000) {
        const r = ask(1000, t, tat, limit);
        made += r.allowed;
        tat = r.tat;
      }
      expect(made).toBeLessThan(PEOPLE_PER_GALLERY);
      expect(made).toBe(limit.burst + UNUSED_AFTER_MS / limit.everyMs - 1);
    }
    expect(unusedBefore(UNUSED_AFTER_MS + 5)).toBe(5);
  });
});

describe("the people network", () => {
  it("is the /24 of IPv4 (mapped too) and the /48 of IPv6", () => {
    const of = (ip: string) => peopleNetworkMaterial(addressMaterial(ip), networkMaterial(ip));
    expect(of("203.0.113.77")).toBe("203.0.113.0/24");
    expect(of("::ffff:203.0.113.5")).toBe("203.0.113.0/24");
    expect(of("2001:db8:7:1a::1")).toBe("2001:db8:7::/48");
    expect(of("2001:db8:7:ffff:1:2:3:4")).toBe(of("2001:db8:7::9"));
    expect(of("203.0.114.1")).not.toBe(of("203.0.113.1"));
  });
});
