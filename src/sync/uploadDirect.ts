/**
 * Direct uploads (issue 39): with object storage on the server, a file goes straight to the bucket. The
 * server (pb_hooks, /api/owner/direct-uploads) checks the record, the field, the type and the size, and
 * answers presigned URLs: one PUT for a file up to 16 MB, else the parts of an S3 multipart upload. Each
 * PUT carries the Content-MD5 signed into its URL, so the bucket refuses altered bytes. The server then
 * checks the object in the bucket (its size, its header) before the record takes it, and answers the record.
 *
 * Parts resume as the server's own uploads in parts do (uploadParts.ts): two lanes, each holding one part;
 * each part's ETag is reported with the next URL request, so a start after a cut answers the parts the bucket
 * took and only the rest is sent. A failed request is retried with growing pauses (a retry asks fresh URLs,
 * so an expired one costs nothing). The bytes never pass through the studio's server.
 */
import type { default as PocketBase } from "pocketbase";
import { contentMd5 } from "./md5";
import type { ServerRecord } from "./records";
import type { UploadProgress } from "./transport";
import { withRetries } from "./uploadParts";

export type DirectField = "original" | "webVideo" | "thumbnail" | "preview" | "medium" | "large" | "jpeg";

export interface DirectTarget {
  record: string;
  field: DirectField;
  /** The name the file is known by (the server names the object after it, with its type's extension). */
  name: string;
  type: string;
}

interface Signed {
  url: string;
  headers: Record<string, string>;
}
type Started = { complete: true; record: ServerRecord } | ({ complete?: false; id: string; single: true } & Signed) | { complete?: false; id: string; single: false; partSize: number; count: number; parts: Array<{ n: number; size: number; etag: string }> };

/** A failed PUT to the bucket, with its status (0: the link) for withRetries. */
class BucketError extends Error {
  constructor(readonly status: number) {
    super(`The storage refused the upload (${status}).`);
  }
}

/** How long the server's answer is kept: a sync asks at most this often (a studio moving its storage restarts the server). */
const DIRECT_ANSWER_MS = 5 * 60 * 1000;
const answers = new WeakMap<PocketBase, { direct: boolean; at: number }>();

/** Whether the server takes files straight to object storage (asked when there are files to send, kept a few minutes). */
export async function directUploads(pb: PocketBase, signal?: AbortSignal): Promise<boolean> {
  const kept = answers.get(pb);
  if (kept && performance.now() - kept.at < DIRECT_ANSWER_MS) return kept.direct;
  let direct = false;
  try {
    direct = (await pb.send<{ direct?: boolean }>("/api/owner/direct-uploads", { method: "GET", requestKey: null, signal })).direct === true;
  } catch (err) {
    if ((err as { isAbort?: boolean }).isAbort) throw err;
    const status = (err as { status?: number }).status ?? 0;
    if (status === 0 || status >= 500) throw err; // unreachable: the sync fails and tries again
    // An older server without the route: the server's own uploads.
  }
  answers.set(pb, { direct, at: performance.now() });
  return direct;
}

/** PUTs `body` to a presigned URL; answers the ETag the bucket gives (the bucket's CORS must expose it). */
function put(signed: Signed, body: Blob, onProgress?: (loaded: number) => void, signal?: AbortSignal): Promise<string> {
  if (typeof XMLHttpRequest === "undefined") {
    return fetch(signed.url, { method: "PUT", headers: signed.headers, body, signal }).then((res) => {
      if (!res.ok) throw new BucketError(res.status);
      onProgress?.(body.size);
      return (res.headers.get("etag") ?? "").replace(/"/g, "");
    });
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", signed.url);
    for (const [name, value] of Object.entries(signed.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve((xhr.getResponseHeader("ETag") ?? "").replace(/"/g, "")) : reject(new BucketError(xhr.status)));
    xhr.onerror = () => reject(new BucketError(0));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** Sends `file` straight to the bucket for `target`; resolves with the record once the server checked and took it. */
export async function sendDirect(pb: PocketBase, file: Blob, target: DirectTarget, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<ServerRecord> {
  const total = file.size;
  const send = <T>(path: string, body: object) => pb.send<T>(path, { method: "POST", body, requestKey: null, signal });
  const single = total <= 16 * 1024 * 1024 ? contentMd5(new Uint8Array(await file.arrayBuffer())) : "";
  const start = () => withRetries(() => send<Started>("/api/owner/direct-uploads", { collection: "images", record: target.record, field: target.field, size: total, name: target.name, type: target.type, md5: single || undefined }), signal);
  for (let restarts = 0; ; restarts++) {
    const started = await start();
    if (started.complete) {
      onProgress?.({ loaded: total, total });
      return started.record;
    }
    if (started.single) {
      // A retry starts again: fresh URL, and a file the server took meanwhile answers complete.
      await withRetries(() => put(started, file, (loaded) => onProgress?.({ loaded, total }), signal), signal);
      return withRetries(() => send<ServerRecord>("/api/owner/direct-uploads/complete", { id: started.id }), signal);
    }
    const etags = await sendParts(started, file, (loaded) => onProgress?.({ loaded, total }), send, signal);
    try {
      return await withRetries(() => send<ServerRecord>("/api/owner/direct-uploads/complete", { id: started.id, parts: etags }), signal);
    } catch (err) {
      // A part the bucket does not hold as reported: the server forgot the reports; once more from the start.
      const code = (err as { response?: { data?: { refusal?: { code?: string } } } }).response?.data?.refusal?.code;
      if (restarts > 0 || code !== "upload_incomplete") throw err;
    }
  }
}

/** Sends the parts the bucket does not hold, in two lanes; answers every part's ETag, in order. */
async function sendParts(
  started: { id: string; partSize: number; count: number; parts: Array<{ n: number; size: number; etag: string }> },
  file: Blob,
  progress: (loaded: number) => void,
  send: <T>(path: string, body: object) => Promise<T>,
  signal?: AbortSignal,
): Promise<Array<{ n: number; etag: string }>> {
  const { id, partSize, count } = started;
  const etags = new Map(started.parts.map((p) => [p.n, p.etag]));
  let unreported: Array<{ n: number; etag: string }> = [];
  let done = started.parts.reduce((sum, p) => sum + p.size, 0);
  const inFlight = new Map<number, number>();
  const report = () => progress(done + [...inFlight.values()].reduce((a, b) => a + b, 0));
  report();
  let next = 1;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    try {
      while (!failure) {
        while (next <= count && etags.has(next)) next++;
        if (next > count) return;
        const n = next++;
        const part = file.slice((n - 1) * partSize, Math.min(file.size, n * partSize));
        const md5 = contentMd5(new Uint8Array(await part.arrayBuffer()));
        const etag = await withRetries(async () => {
          const sent = unreported;
          unreported = [];
          const { urls } = await send<{ urls: Array<{ n: number } & Signed> }>("/api/owner/direct-uploads/parts", { id, parts: [{ n, md5 }], sent }).catch((err: unknown) => {
            unreported = [...sent, ...unreported];
            throw err;
          });
          inFlight.set(n, 0);
          return put(urls[0]!, part, (loaded) => (inFlight.set(n, loaded), report()), signal);
        }, signal);
        inFlight.delete(n);
        etags.set(n, etag);
        unreported.push({ n, etag });
        done += part.size;
        report();
      }
    } catch (error) {
      failure ??= { error };
    }
  };
  await Promise.all([lane(), lane()]);
  if (failure) throw (failure as { error: unknown }).error;
  return Array.from({ length: count }, (_, i) => ({ n: i + 1, etag: etags.get(i + 1)! }));
}
