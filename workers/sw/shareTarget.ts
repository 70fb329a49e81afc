/// <reference lib="webworker" />
/**
 * The manifest's share target (issue 43): the operating system posts shared photos, clips or a zip to
 * /share-target as multipart form data; this worker keeps each file in the `shared-files` cache (replacing
 * what an earlier share left) and answers with a redirect to /import?shared, where the app reads them and
 * asks which gallery they go into. Registered before Workbox's routes, like the other POST it answers.
 */
import { IMPORT_PATH, SHARE_TARGET_PATH, SHARED_FILES_CACHE, SHARED_FILES_FIELD, SHARED_NAME_HEADER } from "../../src/domain/shared-files";

declare const self: ServiceWorkerGlobalScope;

async function keepShared(request: Request): Promise<Response> {
  const form = await request.formData();
  const files = form.getAll(SHARED_FILES_FIELD).filter((f): f is File => f instanceof File);
  await caches.delete(SHARED_FILES_CACHE);
  const cache = await caches.open(SHARED_FILES_CACHE);
  await Promise.all(
    files.map((file, i) =>
      cache.put(`/__shared/${i}`, new Response(file, { headers: { "Content-Type": file.type || "application/octet-stream", [SHARED_NAME_HEADER]: encodeURIComponent(file.name), "Last-Modified": new Date(file.lastModified).toUTCString() } })),
    ),
  );
  return Response.redirect(`${IMPORT_PATH}?shared=${files.length}`, 303);
}

export function receiveSharedFiles(): void {
  self.addEventListener("fetch", (event) => {
    const url = new URL(event.request.url);
    if (event.request.method !== "POST" || url.origin !== self.location.origin || url.pathname !== SHARE_TARGET_PATH) return;
    event.respondWith(keepShared(event.request));
  });
}
