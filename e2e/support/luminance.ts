/** The relative luminance (WCAG) of what the page paints behind an element, for light and dark checks. */
import type { Page } from "playwright-core";

/** Below this a background reads as dark (white is 1, the dark tokens' --bg about 0.006). */
export const DARK = 0.05;

/** The background the first match of `selector` shows: its own computed colour, else its nearest painted ancestor's. */
export async function luminance(page: Page, selector: string): Promise<number> {
  const colour = await page.locator(selector).first().evaluate((el) => {
    for (let at: Element | null = el; at; at = at.parentElement) {
      const background = getComputedStyle(at).backgroundColor;
      if (background !== "rgba(0, 0, 0, 0)" && background !== "transparent") return background;
    }
    return "rgb(255, 255, 255)";
  });
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
