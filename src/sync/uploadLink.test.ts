/**
 * The link meter (issue 28): unknown until a request big enough to measure the link has run, fast by the
 * median rate of the last few, slow by that median or by the newest request alone, kept for the next sync
 * for a while (fake-indexeddb).
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../store/test-db";
import { describe, expect, it } from "vitest";
import { FAST_LINK_BYTES_PER_S, LINK_MEMORY_MS, loadLinkMeter, SAMPLE_BYTES } from "./uploadLink";

const MB = 1_000_000;

describe("link meter", () => {
  it("is unknown until a request of at least SAMPLE_BYTES answered, then fast or slow by its rate", async () => {
    const db = testDb("link-meter");
    const meter = await loadLinkMeter(db);
    expect(meter.speed()).toBe("unknown");
    meter.record(SAMPLE_BYTES - 1, 1); // latency, not the link
    expect(meter.speed()).toBe("unknown");
    meter.record(2 * MB, 1000); // 2 MB/s: a 16 Mbit/s uplink
    expect(meter.speed()).toBe("slow");
    for (let i = 0; i < 4; i++) meter.record(20 * MB, 500); // the last four: 40 MB/s
    expect(meter.speed()).toBe("fast");
    meter.record(1 * MB, 1000);
    meter.record(1 * MB, 1000);
    meter.record(1 * MB, 1000); // the last four: 40, 1, 1 and 1 MB/s, median 1
    expect(meter.speed()).toBe("slow");
  });

  it("turns slow at the first slow request after a fast link, and fast again only by the median", async () => {
    const db = testDb("link-meter-moved");
    const meter = await loadLinkMeter(db);
    for (let i = 0; i < 4; i++) meter.record(20 * MB, 500); // 40 MB/s: the studio's link
    expect(meter.speed()).toBe("fast");
    meter.record(1 * MB, 1000); // 1 MB/s: a phone's hotspot; the median of 40, 40, 40, 1 is still 40
    expect(meter.speed()).toBe("slow");
    await meter.save();
    expect((await loadLinkMeter(db)).speed()).toBe("slow"); // the next sync starts from the slow link
    meter.record(20 * MB, 500); // one fast request: 40, 40, 1, 40, median 40 and the newest fast
    expect(meter.speed()).toBe("fast");
    for (let i = 0; i < 3; i++) meter.record(1 * MB, 1000);
    meter.record(20 * MB, 500); // the last four 1, 1, 1 and 40 MB/s: one fast request, median 1: still slow
    expect(meter.speed()).toBe("slow");
    meter.record(20 * MB, 500); // 1, 1, 40, 40: median 20.5 MB/s
    expect(meter.speed()).toBe("fast");
  });

  it("keeps the estimate for the next sync, and forgets it after LINK_MEMORY_MS", async () => {
    const db = testDb("link-meter-kept");
    let now = 1_000_000;
    const first = await loadLinkMeter(db, { now: () => now });
    first.record(FAST_LINK_BYTES_PER_S * 3, 1000);
    await first.save();
    expect((await loadLinkMeter(db, { now: () => now })).speed()).toBe("fast");
    now += LINK_MEMORY_MS - 1;
    expect((await loadLinkMeter(db, { now: () => now })).speed()).toBe("fast");
    now += 2;
    expect((await loadLinkMeter(db, { now: () => now })).speed()).toBe("unknown");
  });

  it("answers the fixed speed it is given, and stores nothing then", async () => {
    const db = testDb("link-meter-fixed");
    const meter = await loadLinkMeter(db, { fixed: "slow" });
    meter.record(100 * MB, 10);
    expect(meter.speed()).toBe("slow");
    await meter.save();
    expect((await loadLinkMeter(db)).speed()).toBe("unknown");
  });
});
