/**
 * Large files in parts that resume (issue 38): a clip's original and web version, and any file over
 * PARTS_THRESHOLD, go to the server's resumable uploads (pb_hooks, /api/owner/uploads) in PART_SIZE parts,
 * each checked by size and SHA-256; after a cut or a closed laptop the upload goes on from the parts the
 * server has. PLACEHOLDER: the signature is the contract between the upload runner and the server lane.
 */
import type { default as PocketBase } from "pocketbase";
import type { ServerRecord } from "./records";
import type { UploadProgress } from "./transport";

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

/** Sends `file` to `target` in parts, resuming what the server already holds; resolves with the record the server saved. */
export async function sendInParts(pb: PocketBase, file: Blob, target: PartsTarget, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<ServerRecord> {
  void pb;
  void file;
  void target;
  void onProgress;
  void signal;
  throw new Error("sendInParts: not built yet");
}
