/**
 * The files the operating system gave the installed app (issue 43): those shared with it, which the service
 * worker kept in the `shared-files` cache (workers/sw/shareTarget.ts), taken once (the cache goes), and
 * those it was opened with (the manifest's file_handlers), from `window.launchQueue`.
 */
import { useEffect, useState } from "react";
import { SHARED_FILES_CACHE, SHARED_NAME_HEADER } from "../../../domain/shared-files";

interface LaunchParams {
  files: ReadonlyArray<{ getFile: () => Promise<File> }>;
}
interface LaunchQueue {
  setConsumer: (consumer: (params: LaunchParams) => void) => void;
}

/** The shared files kept by the service worker, in the order shared; the cache is emptied. */
export async function takeSharedFiles(): Promise<File[]> {
  if (typeof caches === "undefined" || !(await caches.has(SHARED_FILES_CACHE))) return [];
  const cache = await caches.open(SHARED_FILES_CACHE);
  const keys = [...(await cache.keys())].sort((a, b) => Number(a.url.split("/").pop()) - Number(b.url.split("/").pop()));
  const files = await Promise.all(
    keys.map(async (key) => {
      const response = (await cache.match(key))!;
      const name = decodeURIComponent(response.headers.get(SHARED_NAME_HEADER) ?? "shared");
      const modified = Date.parse(response.headers.get("Last-Modified") ?? "");
      return new File([await response.blob()], name, { type: response.headers.get("Content-Type") ?? "", lastModified: Number.isNaN(modified) ? Date.now() : modified });
    }),
  );
  await caches.delete(SHARED_FILES_CACHE);
  return files;
}

/** The files given to this page: undefined while they are read, then a list (empty when none came). */
export function useLaunchedFiles(): File[] | undefined {
  const [files, setFiles] = useState<File[] | undefined>(undefined);
  useEffect(() => {
    let isLive = true;
    void takeSharedFiles().then((shared) => isLive && setFiles((old) => [...(old ?? []), ...shared]));
    const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
    queue?.setConsumer((params) => {
      void Promise.all(params.files.map((handle) => handle.getFile())).then((opened) => isLive && setFiles((old) => [...(old ?? []), ...opened]));
    });
    return () => {
      isLive = false;
    };
  }, []);
  return files;
}
