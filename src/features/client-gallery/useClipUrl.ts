/**
 * An object URL the owner's viewer plays a clip from (issue 38), as clipPlan.ts decides: this device's bytes
 * while they are here, else the server's with the owner's token. A `<video>` cannot send the token (it goes
 * in a header, never in an address), so the server's file is fetched whole as the viewer fetches a preview,
 * and not kept on the device: a clip is large, and the visitor's gallery, which streams it, is where it is
 * watched.
 */
import { useEffect, useState } from "react";
import { galleryImageUrl } from "../../domain/image-url";
import { db } from "../../store/db";
import type { ImageRow } from "../../store/rows";
import { pb } from "../../sync/pocketbase";
import { clipFacts, clipPlan, type ClipPlan } from "./clipPlayback";

export type ClipUrlState = { state: "loading" } | { state: "ready"; url: string; plan: ClipPlan } | { state: "none"; why: "format" | "pending" } | { state: "failed" };

/** Whether this browser says it may play a type ("maybe" or "probably"). */
export function browserPlays(type: string): boolean {
  return document.createElement("video").canPlayType(type) !== "";
}

async function serverClip(id: string, file: "web" | "original", signal: AbortSignal): Promise<Blob> {
  const res = await fetch(galleryImageUrl(id, file === "web" ? { video: "web" } : {}), { headers: pb.authStore.token ? { Authorization: pb.authStore.token } : {}, signal });
  if (!res.ok) throw new Error(`${res.status}`);
  return res.blob();
}

export function useClipUrl(image: ImageRow | undefined): ClipUrlState {
  const [state, setState] = useState<ClipUrlState & { key?: string }>({ state: "loading" });
  const facts = image ? clipFacts(image) : null;
  const id = image?.id;
  const { webStatus = "", mimeType = "", codec = "", audioCodec = null, webVideoFile = "", originalFile = "" } = facts ?? {};
  const key = [id, webStatus, mimeType, codec, audioCodec, webVideoFile, originalFile].join("|");
  useEffect(() => {
    if (!id) return;
    let url: string | null = null;
    let isCurrent = true;
    const abort = new AbortController();
    const settle = (next: ClipUrlState) => isCurrent && setState({ ...next, key });
    void (async () => {
      const held = await db.imageBlobs.get(id);
      const plan = clipPlan({ webStatus, mimeType, codec, audioCodec, webVideoFile, originalFile }, { webVideo: !!held?.webVideo, original: !!held?.original }, browserPlays);
      if (plan.from === "none") return settle({ state: "none", why: plan.why });
      const blob = plan.from === "device" ? held![plan.file]! : await serverClip(id, plan.file, abort.signal);
      if (!isCurrent) return;
      url = URL.createObjectURL(blob);
      settle({ state: "ready", url, plan });
    })().catch(() => settle({ state: "failed" }));
    return () => {
      isCurrent = false;
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [key, id, webStatus, mimeType, codec, audioCodec, webVideoFile, originalFile]);
  return state.key === key ? state : { state: "loading" };
}
