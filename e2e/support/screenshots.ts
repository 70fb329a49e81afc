/** The screenshots kept in docs/screenshots: saved only when SCREENSHOT_DIR is set, with the toasts removed. */
import path from "node:path";
import type { Locator, Page } from "playwright-core";

/** `settleMs`: time for a fade-in (the viewer's) to end before the shot. */
export async function saveShot(page: Page, name: string, settleMs = 400): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.evaluate(() => document.querySelectorAll('[data-testid="toast"]').forEach((t) => t.remove()));
  if (settleMs) await page.waitForTimeout(settleMs);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** A shot of the part of the page the locators cover (with a small margin), when SCREENSHOT_DIR is set. */
export async function saveRegionShot(page: Page, name: string, ...parts: Locator[]): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.evaluate(() => document.querySelectorAll('[data-testid="toast"]').forEach((t) => t.remove()));
  await parts[0]!.scrollIntoViewIfNeeded();
  const boxes = (await Promise.all(parts.map((p) => p.boundingBox()))).filter((b) => !!b);
  const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - 16);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - 4);
  const right = Math.max(...boxes.map((b) => b.x + b.width)) + 16;
  const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + 4;
  await page.screenshot({ path: path.join(dir, `${name}.png`), clip: { x, y, width: right - x, height: bottom - y } });
}
