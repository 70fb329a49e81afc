/**
 * The access page's decorations (100 stars, 30 fireflies, 10 card particles, glowing borders) should cost
 * no frame drops. For 5 s each, in one run: the page animated, and the same page with reduced motion (the
 * decorations stand still) as the reference, and the glow as it was first built (an animated box-shadow)
 * for comparison. Printed: frames per second, frames that took over 1.5x the median frame interval
 * (dropped), main-thread long tasks, and each frame rate as a ratio of the still page's. Chromium runs
 * without a GPU here, so the compositor's work is on the CPU too: a harsher test than a laptop's.
 */
import type { Browser } from "playwright-core";
import { it } from "vitest";
import { report } from "./report";
import { startAppServer } from "../e2e/support/app-server";
import { launchChromium } from "../e2e/support/browser";

interface FrameStats {
  fps: number;
  dropped: number;
  longTasks: number;
  longTaskMs: number;
}

/** The glow of the first build: the box-shadow itself animated (repainted on the main thread each frame). */
const BOX_SHADOW_GLOW = `.glow::after { animation: none !important; }
.glow { animation: old-glow 4s ease-in-out infinite alternate; }
@keyframes old-glow { to { box-shadow: 0 0 0 1px color-mix(in srgb, var(--primary) 80%, transparent), 0 0 70px color-mix(in srgb, var(--primary) 60%, transparent); } }`;

async function measure(browser: Browser, baseURL: string, reducedMotion: "reduce" | "no-preference", css = ""): Promise<FrameStats> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, reducedMotion });
  try {
    const page = await context.newPage();
    await page.goto("/gallery/access");
    await page.getByRole("button", { name: "View Gallery" }).waitFor();
    // The service worker's first install precaches the app (codecs too): let it finish before measuring.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (css) await page.addStyleTag({ content: css });
    await page.waitForTimeout(1500);
    return await page.evaluate(async () => {
      const tasks: number[] = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration))).observe({ type: "longtask" });
      const stamps: number[] = [];
      await new Promise<void>((resolve) => {
        const start = performance.now();
        const tick = (t: number) => {
          stamps.push(t);
          if (t - start < 5000) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      const intervals = stamps.slice(1).map((t, i) => t - stamps[i]!);
      const median = [...intervals].sort((a, b) => a - b)[Math.floor(intervals.length / 2)]!;
      return {
        fps: intervals.length / ((stamps.at(-1)! - stamps[0]!) / 1000),
        dropped: intervals.filter((d) => d > median * 1.5).length,
        longTasks: tasks.length,
        longTaskMs: tasks.reduce((a, b) => a + b, 0),
      };
    });
  } finally {
    await context.close();
  }
}

it("animates the access page's decorations without dropping frames", async () => {
  const [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  try {
    await measure(browser, server.url, "reduce"); // warm-up: the browser's first page
    const still = await measure(browser, server.url, "reduce");
    const animated = await measure(browser, server.url, "no-preference");
    const boxShadow = await measure(browser, server.url, "no-preference", BOX_SHADOW_GLOW);
    report("access-decorations", {
      animated_fps: animated.fps,
      animated_dropped_frames: animated.dropped,
      animated_long_tasks: animated.longTasks,
      animated_long_task_ms: animated.longTaskMs,
      still_fps: still.fps,
      still_dropped_frames: still.dropped,
      fps_ratio_vs_still: animated.fps / still.fps,
      box_shadow_glow_fps: boxShadow.fps,
      box_shadow_glow_dropped_frames: boxShadow.dropped,
      box_shadow_glow_long_tasks: boxShadow.longTasks,
      box_shadow_glow_ratio_vs_still: boxShadow.fps / still.fps,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
});
