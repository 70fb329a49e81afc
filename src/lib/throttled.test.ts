import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttled } from "./throttled";

describe("throttled", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs many reports within the interval once, at its end", () => {
    const run = vi.fn();
    const t = throttled(run, 250);
    for (let i = 0; i < 10; i++) t.publish();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(249);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    t.publish();
    vi.advanceTimersByTime(250);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("runs at once when asked, taking the pending run with it", () => {
    const run = vi.fn();
    const t = throttled(run, 250);
    t.publish();
    t.publish(true);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("drops a pending run on cancel", () => {
    const run = vi.fn();
    const t = throttled(run, 250);
    t.publish();
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});
