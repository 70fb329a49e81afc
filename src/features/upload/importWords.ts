/**
 * What an import says when it ends (issue 37), from where the photos are: offline they wait on this device
 * for the next sync, and the toast says so; online the sync is already sending them (the gallery's upload
 * state beside the toast follows it to "Uploaded"), so the toast says they were added, not that they will
 * upload later.
 */
import { UPLOAD_TEXTS } from "./texts";

export function savedWords(stored: number, online: boolean, kind: "images" | "zip"): { title: string; description: string } {
  if (online) return { title: UPLOAD_TEXTS.importAdded, description: kind === "zip" ? UPLOAD_TEXTS.zipAddedText(stored) : UPLOAD_TEXTS.addedText(stored) };
  return kind === "zip" ? { title: UPLOAD_TEXTS.zipUploaded, description: UPLOAD_TEXTS.zipExtracted(stored) } : { title: UPLOAD_TEXTS.importCompleted, description: UPLOAD_TEXTS.allSaved(stored) };
}
