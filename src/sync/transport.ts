/**
 * Multipart uploads with progress and abort. Browsers report upload progress only through
 * XMLHttpRequest; elsewhere (Node: tests and benchmarks) the body is streamed through a counter.
 * The server stores a file only when its request completed, so an interrupted upload leaves nothing.
 */
import { parseRetryAfter } from "./transient";
import { isAbortError } from "../lib/errors";

export interface UploadProgress {
  loaded: number;
  total: number;
}

export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
    /** The server's Retry-After, in milliseconds, when it sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fail(status: number, text: string, retryAfter?: string | null): UploadError {
  const body = parse(text);
  const message = typeof body === "object" && body && "message" in body ? String((body as { message: unknown }).message) : text;
  return new UploadError(status, body, status ? `${status}: ${message}` : "Network error: the upload did not complete.", parseRetryAfter(retryAfter));
}

function uploadWithXhr(method: string, url: string, form: FormData, token: string, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    if (token) xhr.setRequestHeader("Authorization", token);
    xhr.upload.onprogress = (e) => onProgress?.({ loaded: e.loaded, total: e.total });
    // The body is sent (the server is now reading and saving it): the last report says so for sure.
    xhr.upload.onload = (e) => onProgress?.({ loaded: e.total || e.loaded, total: e.total || e.loaded });
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(parse(xhr.responseText)) : reject(fail(xhr.status, xhr.responseText, xhr.getResponseHeader("Retry-After"))));
    xhr.onerror = () => reject(fail(0, ""));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

async function uploadWithFetch(method: string, url: string, form: FormData, token: string, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<unknown> {
  // Serialise once so the request has a length (no chunked encoding), then count bytes as they are sent.
  const encoded = new Response(form);
  const contentType = encoded.headers.get("content-type")!;
  const body = await encoded.blob();
  const total = body.size;
  let loaded = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      onProgress?.({ loaded, total });
      controller.enqueue(chunk);
    },
  });
  const headers: Record<string, string> = { "Content-Type": contentType, "Content-Length": String(total) };
  if (token) headers.Authorization = token;
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: body.stream().pipeThrough(counter), signal, duplex: "half" } as RequestInit);
  } catch (err) {
    if (isAbortError(err)) throw err;
    throw fail(0, "");
  }
  const text = await res.text();
  if (!res.ok) throw fail(res.status, text, res.headers.get("Retry-After"));
  return parse(text);
}

export function uploadMultipart(method: "POST" | "PATCH", url: string, form: FormData, token: string, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<unknown> {
  return typeof XMLHttpRequest !== "undefined"
    ? uploadWithXhr(method, url, form, token, onProgress, signal)
    : uploadWithFetch(method, url, form, token, onProgress, signal);
}
