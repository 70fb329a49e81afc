/**
 * Shared steps of the browser upload benchmarks: import photos offline into a new client, keep in-memory
 * copies of the files the import made (for the plain reference), go online and time the product's upload
 * until the server has every record and every original.
 */
import type { Page, Request } from "playwright-core";
import type { BenchApp } from "./app";
import { ownerToken } from "./app";
import { profileFigures, profileLines, recordRequests, type RequestRecord } from "./request-profile";

export interface ImportedFiles {
  /** Per image: the form fields of a plain upload, and the file bytes' total. */
  count: number;
  bytes: { sizes: number; originals: number; thumbnailsAndPreviews: number };
}

/** Creates a client in the app, imports `files` with the network off; returns the client id. */
export async function importOffline(app: BenchApp, name: string, files: string[] | Array<{ name: string; mimeType: string; buffer: Buffer }>): Promise<string> {
  const { page, context } = app;
  await page.goto("/clients/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create Client" }).click();
  await page.waitForURL(/\/clients\/[a-z0-9]{15}$/);
  const clientId = page.url().split("/").pop()!;
  await page.getByTestId("sync-details").getByText("All changes synced").waitFor({ timeout: 60_000 });
  // "All changes synced" may still show from before the client's create went (it goes 0.4 s after the
  // change): wait for the server to have it, or the photos wait for its push after the pull (issue 28).
  const token = await ownerToken(app);
  for (let tries = 0; (await fetch(`${app.server.url}/api/collections/clients/records/${clientId}`, { headers: { Authorization: token } })).status !== 200; tries++) {
    if (tries > 600) throw new Error("the client did not reach the server in 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  await context.setOffline(true);
  await page.getByTestId("Upload images").setInputFiles(files);
  await page.getByRole("heading", { name: "Uploading Images" }).waitFor();
  await page.waitForFunction(() => !/^Uploading/.test(document.querySelector("dialog[open] h2")?.textContent ?? "Uploading"), undefined, { timeout: 1_800_000, polling: 100 });
  return clientId;
}

/** Copies the files of every image waiting for upload into memory (window.__files) and returns their byte totals. */
export async function keepFiles(page: Page): Promise<ImportedFiles> {
  return page.evaluate(
    () =>
      new Promise<ImportedFiles>((resolve, reject) => {
        const open = indexedDB.open("studio-gallery");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("imageBlobs").objectStore("imageBlobs").getAll();
          all.onsuccess = async () => {
            const rows = all.result as Array<Record<string, Blob | string>>;
            const files: Array<Record<string, Blob>> = [];
            const bytes = { sizes: 0, originals: 0, thumbnailsAndPreviews: 0 };
            // Only images waiting for upload (with their original): earlier rounds' and the offline copy's stay out.
            for (const row of rows.filter((r) => r.original instanceof Blob)) {
              const copy: Record<string, Blob> = {};
              for (const field of ["original", "thumbnail", "medium", "large", "preview"]) {
                const blob = row[field];
                if (!(blob instanceof Blob)) continue;
                copy[field] = new Blob([await blob.arrayBuffer()], { type: blob.type });
                if (field === "original") bytes.originals += blob.size;
                else bytes.sizes += blob.size;
                if (field === "thumbnail" || field === "preview") bytes.thumbnailsAndPreviews += blob.size;
              }
              files.push(copy);
            }
            (window as unknown as { __files: typeof files }).__files = files;
            resolve({ count: files.length, bytes });
          };
        };
      }),
  );
}

interface ServerImage {
  thumbnail: string;
  preview: string;
  original: string;
}

async function serverImages(app: BenchApp, token: string, clientId: string): Promise<ServerImage[]> {
  const res = await fetch(`${app.server.url}/api/collections/images/records?perPage=500&fields=thumbnail,preview,original&filter=${encodeURIComponent(`client='${clientId}'`)}`, { headers: { Authorization: token } });
  return ((await res.json()) as { items: ServerImage[] }).items;
}

export interface ProductRun {
  /** From going online until every record with thumbnail and preview is on the server. */
  viewableMs: number;
  /** From going online until every original is on the server too (seen by polling the server every 50 ms). */
  doneMs: number;
  /** From going online to the answer of the last upload request (when the server had the last bytes). */
  lastAnswerMs: number;
  requests: { batch: number; patch: number; whole: number; other: number };
  /** Where the time goes: ms from going online to the first request, and to the end of the first batch (records). */
  firstRequestMs: number;
  batchDoneMs: number;
  /** Every API request of the run (start, answer, end, bytes), and the profile printed from them. */
  log: RequestRecord[];
  profile: string[];
  idleMs: number;
  meanInFlight: number;
}

/**
 * Goes online and times the product's upload of `count` images, polling the server every `pollMs` (each
 * poll is a query the server answers while the upload runs: the browser bench polls seldom and times the
 * run by the last upload's answer).
 */
export async function timeProductUpload(app: BenchApp, clientId: string, count: number, goOnline: () => Promise<void>, pollMs = 50): Promise<ProductRun> {
  const token = await ownerToken(app);
  const started = Date.now();
  const requests = { batch: 0, patch: 0, whole: 0, other: 0 };
  let firstRequestMs = 0;
  let batchDoneMs = 0;
  const onFinished = (r: Request) => r.url().endsWith("/api/batch") && !batchDoneMs && (batchDoneMs = Date.now() - started);
  const onRequest = (r: Request) => {
    if (r.url().includes("/api/") && !firstRequestMs) firstRequestMs = Date.now() - started;
    if (!r.url().includes("/api/") || r.method() === "GET") return;
    if (r.url().endsWith("/api/batch")) requests.batch++;
    else if (r.method() === "PATCH") requests.patch++;
    else if (new URL(r.url()).pathname === "/api/collections/images/records") requests.whole++;
    else requests.other++;
  };
  app.page.on("requestfinished", onFinished);
  app.page.on("request", onRequest);
  const log = recordRequests(app.page, started);
  await goOnline();
  let viewableMs = 0;
  for (;;) {
    const images = await serverImages(app, token, clientId);
    if (!viewableMs && images.length === count && images.every((i) => i.thumbnail && i.preview)) viewableMs = Date.now() - started;
    if (images.length === count && images.every((i) => i.original)) break;
    if (Date.now() - started > 1_800_000) throw new Error("upload did not finish in 30 minutes");
    await new Promise((r) => setTimeout(r, pollMs));
  }
  const doneMs = Date.now() - started;
  // The last answers' events may trail the server's state by a moment.
  await new Promise((r) => setTimeout(r, 500));
  await log.settle();
  log.stop();
  app.page.off("requestfinished", onFinished);
  app.page.off("request", onRequest);
  const { idleMs, meanInFlight } = profileFigures(log.records);
  const lastAnswerMs = Math.max(0, ...log.records.filter((r) => r.kind !== "other").map((r) => r.end));
  return { viewableMs, doneMs, lastAnswerMs, requests, firstRequestMs, batchDoneMs, log: log.records, profile: profileLines(log.records), idleMs, meanInFlight };
}

/** The stored files as base64, for the reference's own context. */
export async function exportFiles(page: Page): Promise<Array<Record<string, { type: string; base64: string }>>> {
  return page.evaluate(async () => {
    const files = (window as unknown as { __files: Array<Record<string, Blob>> }).__files;
    const out: Array<Record<string, { type: string; base64: string }>> = [];
    for (const image of files) {
      const entry: Record<string, { type: string; base64: string }> = {};
      for (const [field, blob] of Object.entries(image)) {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = "";
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        entry[field] = { type: blob.type, base64: btoa(binary) };
      }
      out.push(entry);
    }
    return out;
  });
}

/**
 * The same browser sends the same files as plain multipart POSTs (one per image, `concurrency` at a time)
 * to a new client, from its own context (no app running there, so nothing else competes). Returns ms;
 * `around` is called just before the first request and after the last answer.
 */
export async function timePlainUpload(app: BenchApp, concurrency: number, around?: { start: () => void | Promise<void>; stop: () => void | Promise<void> }): Promise<number> {
  const token = await ownerToken(app);
  const res = await fetch(`${app.server.url}/api/collections/clients/records`, { method: "POST", headers: { Authorization: token, "Content-Type": "application/json" }, body: JSON.stringify({ name: `Plain ${Date.now()}` }) });
  const { id: clientId } = (await res.json()) as { id: string };
  const files = await exportFiles(app.page);
  const context = await app.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${app.server.url}/api/health`);
    await page.evaluate((files) => {
      (window as unknown as { __files: Array<Record<string, Blob>> }).__files = files.map((image) =>
        Object.fromEntries(Object.entries(image).map(([field, { type, base64 }]) => [field, new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type })])),
      );
    }, files);
    await around?.start();
    const ms = await page.evaluate(
      async ({ token, clientId, concurrency }) => {
        const files = (window as unknown as { __files: Array<Record<string, Blob>> }).__files;
        let next = 0;
        const started = performance.now();
        const worker = async () => {
          while (next < files.length) {
            const i = next++;
            const form = new FormData();
            form.set("client", clientId);
            form.set("filename", `p${i}.jpg`);
            form.set("originalName", `p${i}.jpg`);
            form.set("fileSize", String(files[i]!.original!.size));
            for (const [field, blob] of Object.entries(files[i]!)) form.set(field, blob, `${field}.${blob.type.split("/")[1]}`);
            const r = await fetch("/api/collections/images/records", { method: "POST", headers: { Authorization: token }, body: form });
            if (!r.ok) throw new Error(`plain upload ${i}: ${r.status} ${await r.text()}`);
          }
        };
        await Promise.all(Array.from({ length: concurrency }, worker));
        return performance.now() - started;
      },
      { token, clientId, concurrency },
    );
    await around?.stop(); // before the context closes: its renderer's CPU time goes with it
    return ms;
  } finally {
    await context.close();
    // Gone again before the app goes online, so its first sync does not pull the reference's images.
    await fetch(`${app.server.url}/api/collections/clients/records/${clientId}`, { method: "DELETE", headers: { Authorization: token } });
  }
}
