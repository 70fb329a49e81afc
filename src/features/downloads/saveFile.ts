/**
 * Saving what the app produces to the user's disk. A single file is a Blob already: an anchor download.
 * A zip is a stream: it goes straight to disk through the File System Access API where the browser has it
 * (memory stays flat whatever the size), otherwise through the service worker as a streamed download
 * (see workers/sw.ts), and only as a Blob when neither is available. Many zips at once can go into one
 * folder the user picks.
 */
import { uniqueName } from "../../lib/unique-names";
import { isAbortError } from "../../lib/errors";
import { DOWNLOAD_TEXTS } from "./texts";
import type { ZipWorkerProgress as ZipProgressEvents, ZipWorkerSource as ZipSource } from "../../workers-client/zip";

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A file the server sends as an attachment, saved by the browser's own download from its URL (a clip's
 * gigabytes go to disk as they arrive, never through the page's memory: issue 38).
 */
export function saveUrl(url: string, name: string): void {
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
}

type SavePicker = (options: { suggestedName: string; types?: { description: string; accept: Record<string, string[]> }[] }) => Promise<FileSystemFileHandle>;

function savePicker(): SavePicker | null {
  const picker = (window as unknown as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  return typeof picker === "function" ? picker.bind(window) : null;
}

/** Asks where to save (when the browser can stream to a file), before any work starts. */
export async function chooseZipTarget(name: string): Promise<FileSystemFileHandle | null> {
  const picker = savePicker();
  if (!picker) return null;
  try {
    return await picker({ suggestedName: name, types: [{ description: DOWNLOAD_TEXTS.zipArchive, accept: { "application/zip": [".zip"] } }] });
  } catch (err) {
    if (isAbortError(err)) throw err; // the user cancelled
    return null; // not allowed here (no user gesture, sandbox): fall back
  }
}

type FolderPicker = (options: { id?: string; mode: "readwrite" }) => Promise<FileSystemDirectoryHandle>;

/** Where several zips go at once: each gets a new file in one folder the user picked. */
export interface ZipFolder {
  /** A new file named `name` (suffixed " (2)", " (3)"... when the folder has one already: nothing is replaced). */
  create: (name: string) => Promise<FileSystemFileHandle>;
}

/**
 * Asks once for a folder (when the browser can write to one), so that downloading many clients' galleries
 * is one question instead of a save dialog per client. Null when the browser has no folder picker or
 * refuses it here; throws AbortError when the user cancelled.
 */
export async function chooseZipFolder(): Promise<ZipFolder | null> {
  const picker = (window as unknown as { showDirectoryPicker?: FolderPicker }).showDirectoryPicker;
  if (typeof picker !== "function") return null;
  let folder: FileSystemDirectoryHandle;
  try {
    folder = await picker.call(window, { id: "studio-gallery-zips", mode: "readwrite" });
  } catch (err) {
    if (isAbortError(err)) throw err;
    return null;
  }
  const taken = new Set<string>(); // what the folder has, and the files made here: none is replaced
  try {
    for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) uniqueName(name, taken);
  } catch {
    return null; // not readable after all: ask per file
  }
  return { create: (name) => folder.getFileHandle(uniqueName(name, taken), { create: true }) };
}

let swDownloadId = 0;

/** What the page hears of a zip the service worker builds itself. */
export interface ServiceWorkerZip {
  sources: ZipSource[];
  progress: ZipProgressEvents;
}

export interface ServiceWorkerDownload {
  /** Set for a posted stream: the producer (the download worker) posts its stream on it. */
  streamPort: MessagePort | null;
  /** Waits for the service worker to hold the download, then starts it; false when it never answered. */
  start: () => Promise<boolean>;
  finished: Promise<void>;
  /** Stops the service worker's own zip (the download then fails in the browser's list). */
  cancel: () => void;
}

/**
 * A streamed download through the service worker, so the bytes never pass through the page; the page only
 * hears 'ready' (then navigates a hidden frame to the download URL) and 'done'. With `zip`, the service
 * worker builds the zip itself from the file list, fetching the files and reporting each one's progress
 * (one thread hop and one copy fewer per chunk than a download worker posting its stream: docs/benchmarks-history.md,
 * zips session 7); without, a producer posts the stream on `streamPort`'s other end. Returns null when no
 * service worker controls the page.
 */
export async function openServiceWorkerDownload(name: string, zip?: ServiceWorkerZip): Promise<ServiceWorkerDownload | null> {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration?.active || !navigator.serviceWorker.controller) return null;
  const sw = registration.active;
  const id = `${Date.now()}-${++swDownloadId}`;
  const events = new MessageChannel();
  let onReady!: (ok: boolean) => void;
  const ready = new Promise<boolean>((resolve) => (onReady = resolve));
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const finished = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  finished.catch(() => undefined);
  events.port1.onmessage = (event) => {
    const data = event.data as string | { item?: string; patch?: Parameters<ZipProgressEvents["item"]>[1]; total?: number };
    if (data === "ready") onReady(true);
    else if (data === "done") finish();
    else if (data === "error") fail(new Error("The download was interrupted."));
    else if (typeof data === "object" && data.item && data.patch) zip?.progress.item(data.item, data.patch);
    else if (typeof data === "object" && typeof data.total === "number") zip?.progress.total(data.total);
  };
  let streamPort: MessagePort | null = null;
  if (zip) sw.postMessage({ type: "zip-download", id, name, sources: zip.sources }, [events.port2]);
  else {
    const stream = new MessageChannel();
    streamPort = stream.port2;
    sw.postMessage({ type: "stream-download", id, name }, [stream.port1, events.port2]);
  }
  return {
    streamPort,
    finished,
    cancel: () => events.port1.postMessage("cancel"),
    start: async () => {
      const timeout = setTimeout(() => onReady(false), 10_000);
      const ok = await ready;
      clearTimeout(timeout);
      if (!ok) return false;
      const frame = document.createElement("iframe");
      frame.hidden = true;
      // Under the worker's scope: `/__download/` for the owner's app, `/gallery/__download/` for a visitor.
      frame.src = `${new URL(registration.scope).pathname}__download/${id}/${encodeURIComponent(name)}`;
      document.body.append(frame);
      void finished.finally(() => setTimeout(() => frame.remove(), 1000)).catch(() => undefined);
      return true;
    },
  };
}
