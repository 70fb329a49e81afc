/**
 * The address the owner's viewer plays a clip from (issue 38), as clipPlan.ts decides: this device's bytes
 * while they are here (an object URL), else the server's file, streamed. A `<video>` cannot send the owner's
 * Authorization header, so the server's address carries a PocketBase file token of the owner in its query,
 * which the image route honours for a clip's playing requests only (docs/SECURITY.md): the browser asks for
 * ranges (206) as it plays and seeks, and nothing of a large clip is held whole in the tab. A file token lives
 * minutes: `renew` gets a fresh one (and answers the new address) for the player to resume with (ClipPlayer.tsx, clipPlayback.ts shouldRenew).
 */
import { useEffect, useState } from "react";
import { galleryImageUrl } from "../../domain/image-url";
import { db } from "../../store/db";
import type { ImageRow } from "../../store/rows";
import { pb } from "../../sync/pocketbase";
import { clipFacts, clipPlan, type ClipPlan } from "./clipPlayback";

export type ClipUrlState =
  | { state: "loading" }
  | { state: "ready"; url: string; plan: ClipPlan; renew?: () => Promise<string> }
  | { state: "none"; why: "format" | "pending" }
  | { state: "failed" };

/** Whether this browser says it may play a type ("maybe" or "probably"). */
export function browserPlays(type: string): boolean {
  return document.createElement("video").canPlayType(type) !== "";
}

/** The server's address of a clip's file with a fresh file token of the signed-in owner. */
async function serverClipUrl(id: string, file: "web" | "original"): Promise<string> {
  const token = await pb.files.getToken({ requestKey: null });
  return galleryImageUrl(id, { video: file, token });
}

export function useClipUrl(image: ImageRow | undefined): ClipUrlState {
  const [state, setState] = useState<ClipUrlState & { key?: string }>({ state: "loading" });
  const facts = image ? clipFacts(image) : null;
  const id = image?.id;
  const { webStatus = "", mimeType = "", codec = "", audioCodec = null, webVideoFile = "", originalFile = "" } = facts ?? {};
  const key = [id, webStatus, mimeType, codec, audioCodec, webVideoFile, originalFile].join("|");
  useEffect(() => {
    if (!id) return;
    let objectUrl: string | null = null;
    let isCurrent = true;
    const settle = (next: ClipUrlState) => isCurrent && setState({ ...next, key });
    void (async () => {
      const held = await db.imageBlobs.get(id);
      const plan = clipPlan({ webStatus, mimeType, codec, audioCodec, webVideoFile, originalFile }, { webVideo: !!held?.webVideo, original: !!held?.original }, browserPlays);
      if (plan.from === "none") return settle({ state: "none", why: plan.why });
      if (plan.from === "device") {
        objectUrl = URL.createObjectURL(held![plan.file]!);
        return isCurrent ? settle({ state: "ready", url: objectUrl, plan }) : URL.revokeObjectURL(objectUrl);
      }
      const renew = async () => {
        const url = await serverClipUrl(id, plan.file);
        settle({ state: "ready", url, plan, renew });
        return url;
      };
      await renew();
    })().catch(() => settle({ state: "failed" }));
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key, id, webStatus, mimeType, codec, audioCodec, webVideoFile, originalFile]);
  return state.key === key ? state : { state: "loading" };
}
