/**
 * Saving what the app produces to the user's disk. A single file is a Blob already: an anchor download.
 * A zip is a stream: it goes straight to disk through the File System Access API where the browser has it
 * (memory stays flat whatever the size), otherwise through the service worker as a streamed download
 * (see workers/sw.ts), and only as a Blob when neither is available.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

type SavePicker = (options: { suggestedName: string; types?: { description: string; accept: Record<string, string[]> }[] }) => Promise<FileSystemFileHandle>;

function savePicker(): SavePicker | null {
  const picker = (window as unknown as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  return typeof picker === "function" ? picker.bind(window) : null;
}

/** Asks where to save (when the browser can stream to a file), before any work starts. */
export async function chooseZipTarget(name: string): Promise<WritableStream<Uint8Array> | null> {
  const picker = savePicker();
  if (!picker) return null;
  try {
    const handle = await picker({ suggestedName: name, types: [{ description: "Zip archive", accept: { "application/zip": [".zip"] } }] });
    return (await handle.createWritable()) as unknown as WritableStream<Uint8Array>;
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err; // the user cancelled
    return null; // not allowed here (no user gesture, sandbox): fall back
  }
}

let swDownloadId = 0;

/** Streams through the service worker: the page hands it the stream, then navigates a hidden frame to it. */
async function saveThroughServiceWorker(stream: ReadableStream<Uint8Array>, name: string, size?: number): Promise<boolean> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sw = registration?.active;
  if (!sw || !navigator.serviceWorker.controller) return false;
  const id = `${Date.now()}-${++swDownloadId}`;
  const accepted = new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data === "ready");
    setTimeout(() => resolve(false), 3000);
    try {
      sw.postMessage({ type: "stream-download", id, name, size, stream }, [channel.port2, stream as unknown as Transferable]);
    } catch {
      resolve(false); // this browser cannot transfer streams
    }
  });
  if (!(await accepted)) return false;
  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.src = `/__download/${id}/${encodeURIComponent(name)}`;
  document.body.append(frame);
  setTimeout(() => frame.remove(), 60_000);
  return true;
}

/**
 * Writes the zip stream to `target` (from chooseZipTarget) or hands it to the service worker; otherwise
 * collects it into a Blob (the only way left) and downloads that. Resolves when the stream is consumed.
 */
export async function saveZipStream(stream: ReadableStream<Uint8Array>, name: string, target: WritableStream<Uint8Array> | null, size?: number): Promise<void> {
  if (target) {
    await stream.pipeTo(target);
    return;
  }
  const [forSw, done] = teeForCompletion(stream);
  if (await saveThroughServiceWorker(forSw, name, size)) {
    await done;
    return;
  }
  saveBlob(await new Response(stream).blob(), name);
}

/**
 * The service worker consumes the stream in another thread; the page still wants to know when it ends.
 * Wraps the stream so that its end (or failure) resolves a promise. If the worker refuses it, the original
 * stream is still unread and the Blob path uses it instead (the wrapper then never starts).
 */
function teeForCompletion(stream: ReadableStream<Uint8Array>): [ReadableStream<Uint8Array>, Promise<void>] {
  let finish!: () => void;
  let fail!: (err: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const wrapped = new ReadableStream<Uint8Array>({
    async pull(controller) {
      reader ??= stream.getReader();
      try {
        const { done: isDone, value } = await reader.read();
        if (isDone) {
          controller.close();
          finish();
        } else controller.enqueue(value);
      } catch (err) {
        controller.error(err);
        fail(err);
      }
    },
    cancel(reason) {
      fail(reason);
      return reader?.cancel(reason) ?? stream.cancel(reason);
    },
    // No pull before someone reads: until the worker takes it, the original stream must stay unlocked.
  }, { highWaterMark: 0 });
  return [wrapped, done];
}
