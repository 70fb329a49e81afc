import { describe, expect, it, vi } from "vitest";
import { showBadge } from "./badge";

describe("the app badge", () => {
  it("counts the news on the app's icon, and clears it at none", () => {
    const nav = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) };
    showBadge(2, nav);
    showBadge(0, nav);
    expect(nav.setAppBadge).toHaveBeenCalledWith(2);
    expect(nav.clearAppBadge).toHaveBeenCalledOnce();
    expect(() => showBadge(1, {})).not.toThrow(); // a browser without badges
    expect(() => showBadge(1, { setAppBadge: () => Promise.reject(new Error("refused")) })).not.toThrow();
  });
});
