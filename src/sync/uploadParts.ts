/**
 * Large files in parts that resume (issue 38): a clip's original and web version, and any file over
 * PARTS_THRESHOLD, go to the server's resumable uploads (pb_hooks, /api/owner/uploads) in PART_SIZE parts,
 * each checked by size and SHA-256; after a cut or a closed laptop the upload goes on from the parts the
 * server has (docs/SYNC.md, "Uploads in parts").
 *
 * Memory stays at two parts whatever the file's size: two lanes each read, hash and send one part at a time. A part that fails by a network cut, a 5xx or a 429, or arrives damaged (the server's size or
 * checksum refusal), is sent again after a growing pause; after RETRIES the call fails and the caller tries
 * later, when the parts already sent are not sent again. A complete whose answer was lost is answered again
 * by the server, and a start of an upload the server already completed answers its record: nothing is sent.
 */
import type { default as PocketBase } from "pocketbase";
import type { ServerRecord } from "./records";
import type { UploadProgress } from "./transport";
import { VIDEO_EXTENSIONS, VIDEO_MIME_TYPES } from "../domain/video";

/** Files larger than this go in parts. */
export const PARTS_THRESHOLD = 64 * 1024 * 1024;
/** One part's bytes (the last may be smaller). */
export const PART_SIZE = 8 * 1024 * 1024;

export interface PartsTarget {
  collection: "images";
  record: string;
  field: "original" | "webVideo";
  /** The name the file is stored under (as a multipart upload would name it). */
  name: string;
}

/** Tries of one request before the call fails; pauses double from RETRY_BASE_MS up to RETRY_MAX_MS. */
const RETRIES = 6;
const RETRY_BASE_MS = 500;
const RETRY_MAX_MS = 15_000;
/** The server's refusals of a part that arrived damaged: sent again. */
const DAMAGED = new Set(["upload_part_size", "upload_part_checksum"]);

interface PartState {
  n: number;
  size: number;
  sha256: string;
}
interface Started {
  id: string;
  partSize: number;
  parts: PartState[];
  /** The server completed this very upload already (its answer was lost): its record, nothing to send. */
  complete?: boolean;
  record?: ServerRecord;
}
interface Prepared {
  n: number;
  bytes: ArrayBuffer;
  sha256: string;
}

/** The file's type, or, when the Blob has none (some systems give a .mov or .m4v none), the clip type its name's extension says. */
export function typeOf(file: Blob, name: string): string {
  if (file.type) return file.type;
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  const i = (VIDEO_EXTENSIONS as readonly string[]).indexOf(ext);
  return i >= 0 ? VIDEO_MIME_TYPES[i]! : "application/octet-stream";
}

/** The SHA-256 of bytes in hex, by WebCrypto (browsers, workers and Node 20+). */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let hex = "";
  for (const b of digest) hex += b.toString(16).padStart(2, "0");
  return hex;
}

function aborted(): DOMException {
  return new DOMException("The upload was cancelled.", "AbortError");
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

interface SendError {
  status?: number;
  isAbort?: boolean;
  response?: { data?: { refusal?: { code?: string } } };
}

/** The refusal code a PocketBase error carries, or "". */
function refusalCode(err: unknown): string {
  return (err as SendError)?.response?.data?.refusal?.code ?? "";
}

/** Whether a failed request is worth sending again: a cut, a server error, a 429, or a damaged part. */
function isRetryable(err: unknown): boolean {
  const e = err as SendError;
  if (e?.isAbort) return false;
  const status = typeof e?.status === "number" ? e.status : 0;
  return status === 0 || status >= 500 || status === 429 || (status === 400 && DAMAGED.has(refusalCode(err)));
}

/** `request` until it answers, retrying what isRetryable allows with growing pauses. */
export async function withRetries<T>(request: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw aborted();
    try {
      return await request();
    } catch (err) {
      if (signal?.aborted) throw aborted();
      if (attempt >= RETRIES || !isRetryable(err)) throw err;
      await sleep(Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempt - 1)), signal);
    }
  }
}

/** Sends `file` to `target` in parts, resuming what the server already holds; resolves with the record the server saved. */
export async function sendInParts(pb: PocketBase, file: Blob, target: PartsTarget, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<ServerRecord> {
  const total = file.size;
  const send = <T>(path: string, options: Record<string, unknown>) => pb.send<T>(path, { requestKey: null, signal, ...options });
  const start = () =>
    withRetries(
      () =>
        send<Started>("/api/owner/uploads", {
          method: "POST",
          body: { record: target.record, field: target.field, size: total, name: target.name, type: typeOf(file, target.name), partSize: PART_SIZE },
        }),
      signal,
    );

  const already = (state: Started): ServerRecord | null => {
    if (!state.complete || !state.record) return null;
    onProgress?.({ loaded: total, total });
    return state.record;
  };
  let started = await start();
  for (let restarts = 0; ; restarts++) {
    const record = already(started);
    if (record) return record;
    try {
      await sendMissing(started);
      break;
    } catch (err) {
      // The server removed the upload meanwhile (cancelled elsewhere, or a day untouched): once more from its start.
      if (restarts > 0 || refusalCode(err) !== "upload_not_found") throw err;
      started = await start();
    }
  }
  return withRetries(() => send<ServerRecord>(`/api/owner/uploads/${started.id}/complete`, { method: "POST" }), signal);

  async function sendMissing(state: Started): Promise<void> {
    const partSize = state.partSize;
    const count = Math.ceil(total / partSize);
    const held = new Map(state.parts.map((p) => [p.n, p]));
    let loaded = 0;
    onProgress?.({ loaded, total });
    const prepare = async (n: number): Promise<Prepared | null> => {
      const bytes = await file.slice(n * partSize, Math.min(total, (n + 1) * partSize)).arrayBuffer();
      const sha256 = await sha256Hex(bytes);
      const have = held.get(n);
      // A part the server holds with these very bytes is not sent again.
      if (have && have.size === bytes.byteLength && have.sha256 === sha256) {
        loaded += bytes.byteLength;
        onProgress?.({ loaded, total });
        return null;
      }
      return { n, bytes, sha256 };
    };
    // Two lanes, each holding one part: one part is read and hashed while the other is sent (and the server
    // checks one while it receives the other). At most two parts in memory.
    let next = 0;
    let failure: { error: unknown } | null = null;
    const lane = async (): Promise<void> => {
      try {
        while (next < count && !failure) {
          if (signal?.aborted) throw aborted();
          const part = await prepare(next++);
          if (!part) continue;
          await withRetries(
            () =>
              send(`/api/owner/uploads/${state.id}/parts/${part.n}`, {
                method: "PUT",
                body: part.bytes,
                headers: { "Content-Type": "application/octet-stream", "X-Part-Sha256": part.sha256 },
              }),
            signal,
          );
          loaded += part.bytes.byteLength;
          onProgress?.({ loaded, total });
        }
      } catch (error) {
        failure ??= { error };
      }
    };
    // Both lanes end before the call does: none goes on sending after a failure.
    await Promise.all([lane(), lane()]);
    if (failure) throw (failure as { error: unknown }).error;
  }
}
