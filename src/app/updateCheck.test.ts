import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchForUpdates } from "./updateCheck";

function fakeDocument() {
  const listeners = new Set<() => void>();
  return {
    visibilityState: "visible" as DocumentVisibilityState,
    addEventListener: (_: string, l: () => void) => void listeners.add(l),
    removeEventListener: (_: string, l: () => void) => void listeners.delete(l),
    show(state: DocumentVisibilityState) {
      this.visibilityState = state;
      for (const l of listeners) l();
    },
  };
}

describe("the periodic update check", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("asks the service worker on the interval while the tab is visible, and stops when told", () => {
    const doc = fakeDocument();
    const update = vi.fn(() => Promise.resolve());
    const stop = watchForUpdates(update, { everyMs: 1000, gapMs: 500, now: () => Date.now(), doc: doc as unknown as Document });
    vi.advanceTimersByTime(3000);
    expect(update).toHaveBeenCalledTimes(3);
    doc.visibilityState = "hidden";
    vi.advanceTimersByTime(3000);
    expect(update).toHaveBeenCalledTimes(3); // a hidden tab waits until it is shown
    stop();
    doc.show("visible");
    vi.advanceTimersByTime(3000);
    expect(update).toHaveBeenCalledTimes(3);
  });

  it("asks when the tab is shown again, at most once per gap, and a failed check waits for the next", async () => {
    const doc = fakeDocument();
    const update = vi.fn(() => Promise.reject(new Error("offline")));
    watchForUpdates(update, { everyMs: 3_600_000, gapMs: 60_000, now: () => Date.now(), doc: doc as unknown as Document });
    doc.show("hidden");
    doc.show("visible");
    expect(update).toHaveBeenCalledTimes(0); // just started: checked at load
    vi.advanceTimersByTime(61_000);
    doc.show("hidden");
    doc.show("visible");
    doc.show("hidden");
    doc.show("visible");
    expect(update).toHaveBeenCalledTimes(1);
    await Promise.resolve(); // the rejection is swallowed
  });
});
