/** The owner's notice of a burst of new people (issue 37): many people made within one hour, lately. */
import { describe, expect, it } from "vitest";
import { BURST_PEOPLE, peopleBurst } from "./proofing";

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString().replace("T", " ");
const now = Date.parse("2026-11-28T12:00:00Z");
const people = (n: number, from: number, everyMs: number, prefix = "p") => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, created: at(from + i * everyMs) }));

describe("a burst of new people", () => {
  it("is the most people made within one hour, when they are ten or more", () => {
    const guests = people(6, now - 48 * HOUR, 5 * HOUR, "guest");
    const flood = people(BURST_PEOPLE + 2, now - 3 * HOUR, 60_000, "ghost");
    const burst = peopleBurst([...guests, ...flood], now);
    expect(burst?.ids.sort()).toEqual(flood.map((p) => p.id).sort());
    expect(burst?.from).toBe(now - 3 * HOUR);
  });

  it("is nothing for fewer than ten within an hour, for people spread over the day, or for a burst over a week ago", () => {
    expect(peopleBurst(people(BURST_PEOPLE - 1, now - HOUR, 60_000), now)).toBeNull();
    expect(peopleBurst(people(40, now - 40 * 7 * 60_000, 7 * 60_000), now)).toBeNull();
    expect(peopleBurst(people(50, now - 8 * 24 * HOUR, 1000), now)).toBeNull();
    expect(peopleBurst([{ id: "x", created: "" }], now)).toBeNull();
  });
});
