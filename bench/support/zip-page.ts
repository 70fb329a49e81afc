/**
 * The page side of the zip benchmark: expressions evaluated in the visitor's page (buttons and headings by
 * name, the save picker answered with a private file, plain-fetch probes in a worker), the zip's slice
 * digests on both sides to compare the two download paths byte for byte, and polling helpers.
 */
import { createHash } from "node:crypto";
import type { CdpBrowser, CdpPage } from "./cdp";

/**
 * A dedicated worker fetches the files and reads them: "reader" drops each chunk of a body reader, one file
 * after another; "-lookahead" keeps two more files' requests going (as the zip does); "arrayBuffer" reads
 * each body whole; "write-lookahead" writes the bytes into a file of the private file system in 8 MB writes ("writeN-": N MB),
 * each awaited (as the zip's File System Access path); "sw-sink" is the service worker's download alone
 * (swSinkProbe below). Resolves with the milliseconds it took.
 */
/** The end of a probe: runs its worker `code` on the images' URLs and answers the worker's milliseconds. */
const runInWorker = (mode: string, ids: string[]) => `  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  const ms = await new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); worker.postMessage({ mode: ${JSON.stringify(mode)}, urls: ${JSON.stringify(ids)}.map((id) => location.origin + "/api/gallery/image/" + id) }); });
  worker.terminate();
  return ms;
})()`;

export const workerProbe = (mode: string, ids: string[]) => `(async () => {
  const code = \`onmessage = async ({ data: { mode, urls } }) => {
    const read = async (res) => {
      if (mode.startsWith("arrayBuffer")) return (await res).arrayBuffer();
      const reader = (await res).body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        if (!sink) continue;
        for (let at = 0; at < value.length; ) {
          const take = Math.min(piece.length - filled, value.length - at);
          piece.set(value.subarray(at, at + take), filled);
          filled += take; at += take;
          if (filled === piece.length) { await sink.write(piece); piece = new Uint8Array(piece.length); filled = 0; }
        }
      }
    };
    const ahead = mode.includes("lookahead") ? 2 : 0;
    let sink = null, piece = null, filled = 0;
    if (mode.startsWith("write")) {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("probe", { create: true });
      sink = await (await dir.getFileHandle("probe.bin", { create: true })).createWritable();
      piece = new Uint8Array(Number(mode.match(/^write(\\d*)/)[1] || 8) << 20);
    }
    const t0 = performance.now();
    const loads = [];
    const start = (i) => { if (i < urls.length && !loads[i]) loads[i] = mode.startsWith("arrayBuffer") ? read(fetch(urls[i])) : fetch(urls[i]); };
    for (let i = 0; i < urls.length; i++) {
      for (let k = 0; k <= ahead; k++) start(i + k);
      if (mode.startsWith("arrayBuffer")) await loads[i]; else await read(loads[i]);
      loads[i] = true;
    }
    if (sink) { await sink.write(piece.subarray(0, filled)); await sink.close(); await (await navigator.storage.getDirectory()).removeEntry("probe", { recursive: true }); }
    postMessage(performance.now() - t0);
  };\`;
${runInWorker(mode, ids)}`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` every 250 ms until it returns a value. */
export async function waitUntil<T>(read: () => T | undefined, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await sleep(250);
  }
}

/** An expression for the visible button whose text matches `pattern`. */
export const buttonNamed = (pattern: string) => `[...document.querySelectorAll("button")].find((b) => new RegExp(${JSON.stringify(pattern)}).test(b.textContent.trim()))`;
export const headingNamed = (pattern: string) => `[...document.querySelectorAll("h1,h2,h3,[role=heading]")].find((h) => new RegExp(${JSON.stringify(pattern)}).test(h.textContent.trim()))`;

/** The save picker answered with a file of the private file system's folder "bench" (as e2e/support/private-files.ts). */
export const answerPickers = `(async () => {
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("bench", { create: true });
  window.showSaveFilePicker = async (options) => dir.getFileHandle(options.suggestedName, { create: true });
  return true;
})()`;

export const SLICE = 8 * 1024 * 1024;
/**
 * SHA-256 of each 8 MB slice of the File System Access path's zip, in the page, with the entries' DOS times
 * (`times`: offsets of 4-byte fields) zeroed: each download stamps its entries with the time it is made.
 */
export const sliceDigestsInPage = (times: number[]) => `(async (times) => {
  const file = await (await (await (await navigator.storage.getDirectory()).getDirectoryHandle("bench")).getFileHandle("Zip Bench_images.zip")).getFile();
  const out = [];
  for (let at = 0; at < file.size; at += ${SLICE}) {
    const slice = new Uint8Array(await file.slice(at, at + ${SLICE}).arrayBuffer());
    for (const t of times) for (let k = t; k < t + 4; k++) if (k >= at && k < at + slice.length) slice[k - at] = 0;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", slice));
    out.push([...digest].map((b) => b.toString(16).padStart(2, "0")).join(""));
  }
  return out;
})(${JSON.stringify(times)})`;

/** Offsets of every DOS time+date field of a zip (local and central headers), read from its directory. */
export function timeFields(zip: Buffer): number[] {
  const end = zip.length - 22;
  if (zip.readUInt32LE(end) !== 0x06054b50) throw new Error("no end of central directory");
  let at = zip.readUInt32LE(end + 16);
  if (at === 0xffffffff) at = Number(zip.readBigUInt64LE(end - 20 - 56 + 48));
  const out: number[] = [];
  while (zip.readUInt32LE(at) === 0x02014b50) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let local = zip.readUInt32LE(at + 42);
    if (local === 0xffffffff) local = Number(zip.readBigUInt64LE(at + 46 + nameLength + extraLength - 8));
    out.push(at + 12, local + 10);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

export function sliceDigests(bytes: Buffer, times: number[]): string[] {
  bytes = Buffer.from(bytes);
  for (const t of times) bytes.fill(0, t, t + 4);
  const out: string[] = [];
  for (let at = 0; at < bytes.length; at += SLICE) out.push(createHash("sha256").update(bytes.subarray(at, at + SLICE)).digest("hex"));
  return out;
}

/**
 * The "fsa-sink" probes: the File System Access writer alone, without the zip. A dedicated worker fetches the
 * same files and writes them into a file of the private file system from `createWritable()`, one write in
 * flight: "fsa-blob" reads each file as a Blob (5 ahead) and writes them in ~8 MB Blobs, as the product does;
 * "fsa-pipe" pipes each response's body into the writable (2 ahead); "fsa-array" writes each file's
 * `arrayBuffer()` whole (2 ahead). Resolves with the milliseconds it took, the file closed.
 */
export const fsaSinkProbe = (mode: string, ids: string[]) => `(async () => {
  const code = \`onmessage = async ({ data: { mode, urls } }) => {
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("probe", { create: true });
    const file = await (await dir.getFileHandle("probe.bin", { create: true })).createWritable();
    const read = (res) => mode === "fsa-blob" ? res.then((r) => r.blob()) : mode === "fsa-array" ? res.then((r) => r.arrayBuffer()) : res;
    const ahead = mode === "fsa-blob" ? 5 : 2;
    const t0 = performance.now();
    const loads = [];
    const start = (i) => { if (i < urls.length && !loads[i]) loads[i] = read(fetch(urls[i])); };
    let parts = [], gathered = 0, writing = Promise.resolve();
    const writer = mode === "fsa-pipe" ? null : file.getWriter();
    for (let i = 0; i < urls.length; i++) {
      for (let k = 0; k <= ahead; k++) start(i + k);
      const input = await loads[i];
      loads[i] = true;
      if (mode === "fsa-pipe") await input.body.pipeTo(file, { preventClose: true });
      else if (mode === "fsa-array") { await writing; writing = writer.write(input); }
      else {
        parts.push(input);
        gathered += input.size;
        if (gathered >= 8 << 20) { const blob = new Blob(parts); parts = []; gathered = 0; await writing; writing = writer.write(blob); }
      }
    }
    if (parts.length) { await writing; writing = writer.write(new Blob(parts)); }
    await writing;
    await (writer ? writer.close() : file.close());
    const ms = performance.now() - t0;
    await (await navigator.storage.getDirectory()).removeEntry("probe", { recursive: true });
    postMessage(ms);
  };\`;
${runInWorker(mode, ids)}`;

/**
 * A visitor's gallery opened for a zip in the CDP page: the code typed, the service worker in control (a second
 * load), the save picker removed (so Download All takes the service-worker stream), and every download of the
 * browser finished recorded by guid ("completed" or "canceled") in the map returned.
 */
export async function openGalleryForZip(browser: CdpBrowser, v: CdpPage, galleryUrl: string, accessCode: string, downloads: string): Promise<Map<string, string>> {
  const finished = new Map<string, string>();
  browser.on("Browser.downloadProgress", (p) => {
    if (p.state === "completed" || p.state === "canceled") finished.set(p.guid as string, p.state as string);
  });
  await browser.send("Browser.setDownloadBehavior", { behavior: "allowAndName", downloadPath: downloads, eventsEnabled: true });
  await v.navigate(galleryUrl);
  await v.waitFor(`document.querySelector("form input")`);
  await v.evaluate(`document.querySelector("form input").focus()`);
  await v.type(accessCode);
  await v.evaluate(`${buttonNamed("^Access Gallery$")}.click()`);
  await v.waitFor(`document.querySelector(".photo-card")`);
  await v.evaluate(`navigator.serviceWorker.ready.then(() => true)`);
  await v.navigate(galleryUrl);
  await v.waitFor(`document.querySelector(".photo-card") && navigator.serviceWorker.controller`);
  await v.evaluate(`delete window.showSaveFilePicker`);
  return finished;
}
