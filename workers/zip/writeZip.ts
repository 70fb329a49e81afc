/**
 * The zip stream of a download, made in a worker: files are fetched (or taken from the device) one after
 * another with a small lookahead, written as stored entries (ZIP64 when needed) by workers/zip/storedZip.ts,
 * which copies the bytes of a file whose CRC-32 the record holds and computes it for the rest. The download
 * worker writes it to a file the user chose (or hands it on); the service worker runs the same code for its
 * streamed downloads (workers/sw/streamDownloads.ts). A file that fails is reported and left out.
 */
import { errorMessage } from "../../src/lib/errors";
import { safeFileName } from "../../src/lib/safe-file-name";
import { makeStoredZip, type StoredEntry } from "./storedZip";
import { uniqueName } from "../../src/lib/unique-names";

/** Files fetched ahead of the one being written (memory: at most LOOKAHEAD + 1 files). */
const LOOKAHEAD = 2;

/**
 * The same for files read as Blobs (the chosen file's writer): their bytes are in the browser process, not
 * here, and a write takes about three photos (8 MB), so the fetches keep ahead of a whole write.
 */
const BLOB_LOOKAHEAD = 5;

export interface ZipWorkerSource {
  id: string;
  name: string;
  lastModified?: number;
  /** The bytes, when the device has them. */
  blob?: Blob;
  /** Otherwise where to fetch them (same origin; the gallery's cookie goes along), and any headers. */
  url?: string;
  headers?: Record<string, string>;
  /** CRC-32 of the bytes as the image record holds it (8 hex digits), when known. */
  crc32?: string;
  /** The folder the file goes in (a set's name, issue 26); absent: the top of the zip. One level, made safe. */
  folder?: string;
}

/** "Ceremony/IMG_1.jpg": the folder and the name each a safe file name, unique within the zip. */
export function entryName(source: Pick<ZipWorkerSource, "name" | "folder">, taken: Set<string>): string {
  const folder = source.folder ? `${safeFileName(source.folder, "Set")}/` : "";
  return uniqueName(folder + safeFileName(source.name), taken);
}

export interface ZipWorkerProgress {
  item: (id: string, patch: { status: "downloading" | "success" | "error"; progress: number; error?: string }) => void;
  total: (percent: number) => void;
}

/**
 * Files up to this size are read whole (Content-Length known), as the lookahead fetches them: the browser
 * then fills one buffer itself instead of handing JavaScript ~64 KB pieces one by one, which cost the zip
 * its speed (docs/benchmarks-history.md, zips session 6). Memory: at most LOOKAHEAD + 1 such files at once.
 */
const WHOLE_FILE_BYTES = 32 * 1024 * 1024;

/**
 * A zip's files bypass the browser's HTTP cache. The image route's responses may be cached (revalidated each
 * time), so a zip of 1 GB was written into the cache as it was fetched: about 2 CPU-s per GB more in the
 * browser's network service, and the gallery's own cached images evicted, for bytes no page shows again
 * (docs/benchmarks-history.md, zips session 9).
 */
const ZIP_FETCH_CACHE: RequestCache = "no-store";

/**
 * The file's bytes: a Blob from the device, the whole body when the response says it is small enough, or
 * else the response, whose body then streams into the zip as it arrives (no copy of the whole file is
 * held). A failure before the body (status, network), or while a whole body is read, fails only this
 * file; a connection lost in the middle of a streamed body fails the download.
 */
async function load(source: ZipWorkerSource, asBlob: boolean): Promise<Blob | Response | Uint8Array> {
  if (source.blob) return source.blob;
  let res: Response;
  try {
    res = await fetch(source.url!, { headers: source.headers, credentials: "same-origin", cache: ZIP_FETCH_CACHE });
  } catch (err) {
    throw new Error("Download failed", { cause: err });
  }
  if (!res.ok) throw new Error(`Failed to download image: ${res.statusText || res.status}`);
  const length = Number(res.headers.get("Content-Length") ?? NaN);
  if (!(length <= WHOLE_FILE_BYTES)) return res;
  try {
    return asBlob ? await res.blob() : new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    throw new Error("Download failed", { cause: err });
  }
}

/**
 * `chunkBytes`: the size of the pieces the stream hands on (see CHUNK_BYTES); 0 hands
 * them on as they come (the service worker's own zip: its pieces go into the download without crossing a
 * thread, so regrouping them would only copy them).
 */
export function writeZip(sources: ZipWorkerSource[], progress: ZipWorkerProgress, chunkBytes = CHUNK_BYTES): ReadableStream<Uint8Array> {
  const zip = makeStoredZip(zipEntries(sources, progress, false));
  return chunkBytes ? zip.pipeThrough(rechunk(chunkBytes)) : zip;
}

/**
 * The zip's entries in order, each file loaded LOOKAHEAD (BLOB_LOOKAHEAD) ahead; progress reported per file. `asBlobs`: a
 * whole fetched file is read as a Blob, whose bytes the browser keeps (for a writer that hands Blobs on).
 */
export async function* zipEntries(sources: ZipWorkerSource[], progress: ZipWorkerProgress, asBlobs: boolean): AsyncGenerator<StoredEntry> {
  const taken = new Set<string>();
  const loads = new Map<number, Promise<Blob | Response | Uint8Array>>();
  const start = (i: number) => {
    if (i >= sources.length || loads.has(i)) return;
    const pending = load(sources[i]!, asBlobs);
    pending.catch(() => undefined); // awaited, and reported, in order below
    loads.set(i, pending);
  };
  for (let i = 0; i < sources.length; i++) {
    const source = sources[i]!;
    for (let k = 0; k <= (asBlobs ? BLOB_LOOKAHEAD : LOOKAHEAD); k++) start(i + k);
    void progress.item(source.id, { status: "downloading", progress: 10 });
    try {
      const input = await loads.get(i)!;
      void progress.item(source.id, { status: "downloading", progress: 50 });
      const crc = source.crc32 && /^[0-9a-f]{8}$/.test(source.crc32) ? parseInt(source.crc32, 16) : undefined;
      // A stored name is never a path here, even one from before names were made safe (issue 10).
      yield { name: entryName(source, taken), input, lastModified: new Date(source.lastModified ?? Date.now()), crc };
      void progress.item(source.id, { status: "success", progress: 100 });
    } catch (err) {
      void progress.item(source.id, { status: "error", progress: 0, error: errorMessage(err, "Download failed") });
    } finally {
      loads.delete(i);
    }
    void progress.total(Math.round(((i + 1) / sources.length) * 80));
  }
  void progress.total(90);
}

/** Chunks handed across threads: fewer, larger messages (network reads arrive in ~64 KB pieces). */
const CHUNK_BYTES = 1024 * 1024;

/**
 * How far the zip runs ahead of the stream's reader, in bytes, so the fetches need not wait for each write
 * to the file or hop to the service worker. Kept small: a larger one (24 MB) was not measurably faster,
 * and the 1 GB service-worker download peaked at +258 MB with it (docs/benchmarks-history.md, zips session 6).
 */
const AHEAD_BYTES = 8 * 1024 * 1024;

function rechunk(size: number): TransformStream<Uint8Array, Uint8Array> {
  const buffer = new Uint8Array(size);
  let filled = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (filled + chunk.length < size) {
        buffer.set(chunk, filled);
        filled += chunk.length;
        return;
      }
      // Enough for a chunk: what is held goes on with this piece, and a piece as large as a chunk (a whole
      // file) goes on as it is.
      if (filled === 0) controller.enqueue(chunk);
      else {
        const joined = new Uint8Array(filled + chunk.length);
        joined.set(buffer.subarray(0, filled));
        joined.set(chunk, filled);
        controller.enqueue(joined);
        filled = 0;
      }
    },
    flush(controller) {
      if (filled) controller.enqueue(buffer.subarray(0, filled));
    },
  }, undefined, new ByteLengthQueuingStrategy({ highWaterMark: Math.max(AHEAD_BYTES, 2 * size) }));
}
