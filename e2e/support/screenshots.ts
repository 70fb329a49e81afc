/** The screenshots kept in docs/screenshots: saved only when SCREENSHOT_DIR is set, with the toasts removed. */
import path from "node:path";
import type { Page } from "playwright-core";

/** `settleMs`: time for a fade-in (the viewer's) to end before the shot. */
export async function saveShot(page: Page, name: string, settleMs = 400): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.evaluate(() => document.querySelectorAll('[data-testid="toast"]').forEach((t) => t.remove()));
  if (settleMs) await page.waitForTimeout(settleMs);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
