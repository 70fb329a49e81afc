/**
 * Where a web version is written while it is made: a file of the origin-private file system (OPFS), written
 * through a synchronous access handle (workers only), so that a clip of any length streams to disk and never
 * sits in memory. The finished file is handed to the page as a disk-backed File; the page copies it into
 * IndexedDB. Files of earlier runs (a cancelled job, a page closed mid-way, web versions long since stored)
 * are removed when the next job starts, once they are a day old, or at once by name (a cancelled job).
 */
const DIR = "web-versions";
const STALE_MS = 24 * 60 * 60 * 1000;

export interface ScratchFile {
  write(data: Uint8Array, position: number): void;
  /** Closes the handle and returns the written file (disk-backed). */
  finish(): Promise<File>;
  /** Closes the handle and removes the file. */
  discard(): Promise<void>;
}

interface SyncAccess {
  write(data: Uint8Array, options: { at: number }): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}

async function directory(): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(DIR, { create: true });
}

export function hasScratch(): boolean {
  return typeof navigator !== "undefined" && !!navigator.storage?.getDirectory && typeof FileSystemFileHandle !== "undefined" && "createSyncAccessHandle" in FileSystemFileHandle.prototype;
}

export async function openScratch(name: string): Promise<ScratchFile> {
  const dir = await directory();
  await sweep(dir);
  const handle = await dir.getFileHandle(name, { create: true });
  // Typed here: the DOM library the app's files are checked with leaves out this worker-only call.
  const access = await (handle as unknown as { createSyncAccessHandle(): Promise<SyncAccess> }).createSyncAccessHandle();
  access.truncate(0);
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    access.flush();
    access.close();
  };
  return {
    write(data, position) {
      let done = 0;
      while (done < data.byteLength) done += access.write(data.subarray(done), { at: position + done });
    },
    async finish() {
      close();
      return handle.getFile();
    },
    async discard() {
      close();
      await dir.removeEntry(name).catch(() => {});
    },
  };
}

/** Removes a scratch file by name (a job cancelled by terminating its worker leaves its file behind). */
export async function removeScratch(name: string): Promise<void> {
  const dir = await directory();
  // The stopped worker's handle on the file is released a moment after it ends: try again for a few seconds.
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await dir.removeEntry(name);
      return;
    } catch (err) {
      if ((err as DOMException).name === "NotFoundError") return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function sweep(dir: FileSystemDirectoryHandle): Promise<void> {
  const now = Date.now();
  for await (const [name, entry] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
    if (entry.kind !== "file") continue;
    const file = await (entry as FileSystemFileHandle).getFile().catch(() => null);
    if (file && now - file.lastModified > STALE_MS) await dir.removeEntry(name).catch(() => {});
  }
}
