/** A gallery's visitor in a new browser context: the gallery's page opened and its access code entered. */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { VisitorGalleryPage } from "../pages/VisitorGalleryPage";
import type { AppServer } from "./app-server";

export async function visitorSession(browser: Browser, server: Pick<AppServer, "url">, gallery: { accessUrl: string; accessCode: string }, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 }, ...options });
  const page = await context.newPage();
  await page.goto(`/gallery/${gallery.accessUrl}`);
  await new VisitorGalleryPage(page).enterCode(gallery.accessCode);
  return { context, page };
}
