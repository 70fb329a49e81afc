/** The built app served as `npm start` serves it, Chromium, and a signed-in owner page, for benchmarks. */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ROOT } from "../../scripts/lib/pocketbase.mjs";
import { OWNER, startAppServer, type AppServer } from "../../e2e/support/app-server";
import { launchChromium } from "../../e2e/support/browser";

export interface BenchApp {
  server: AppServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** `env` reaches the server (e.g. the S3_* variables of a bench on object storage). */
export async function startBenchApp(env: Record<string, string> = {}): Promise<BenchApp> {
  if (!existsSync(path.join(ROOT, "dist", "index.html"))) throw new Error("Build the app first: npm run build");
  const [server, browser] = await Promise.all([startAppServer(env), launchChromium()]);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/auth");
  await page.getByLabel("Username").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 60_000 });
  return {
    server,
    browser,
    context,
    page,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

export async function ownerToken(app: BenchApp): Promise<string> {
  return app.page.evaluate(() => JSON.parse(localStorage.getItem("pocketbase_auth") ?? "{}").token as string);
}

/** Starts recording the page's long tasks (over 50 ms); read them with `longTasks`. */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: Array<{ start: number; duration: number }> };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask" });
  });
}

export async function longTasks(page: Page): Promise<Array<{ start: number; duration: number }>> {
  return page.evaluate(() => (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks);
}
