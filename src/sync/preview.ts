/**
 * 'Preview as client' (issue 27): asks the server for the owner's preview session of a gallery
 * (pb_hooks/lib/core/gallery_preview.js). The answer sets the preview's cookie in this browser, so the gallery's
 * page, opened next, shows the gallery without its code. Online only: the preview is the server's gallery.
 */
import { ClientResponseError } from "pocketbase";
import { z } from "zod";
import { pb } from "./pocketbase";

export type PreviewStart =
  | { kind: "ready"; accessUrl: string }
  | { kind: "offline" }
  | { kind: "not-on-server" }
  | { kind: "closed"; reason: "disabled" | "expired" }
  | { kind: "failed" };

export async function startPreview(clientId: string): Promise<PreviewStart> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return { kind: "offline" };
  try {
    const answer = await pb.send(`/api/owner/preview/${encodeURIComponent(clientId)}`, { method: "POST" });
    return { kind: "ready", accessUrl: z.object({ accessUrl: z.string().min(1) }).parse(answer).accessUrl };
  } catch (err) {
    if (!(err instanceof ClientResponseError)) return { kind: "failed" };
    if (err.status === 0) return { kind: "offline" };
    if (err.status === 404) return { kind: "not-on-server" };
    if (err.status === 409) return { kind: "closed", reason: (err.response as { data?: { reason?: string } }).data?.reason === "expired" ? "expired" : "disabled" };
    return { kind: "failed" };
  }
}
