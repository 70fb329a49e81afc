/**
 * The owner's viewer of a clip (issue 38): the browser's own player (native controls: keyboard, touch,
 * fullscreen), never playing by itself, its poster shown until play; from this device's bytes or the
 * server's (useClipUrl.ts). When the clip cannot play here the poster stays with the reason, and a clip
 * without a web version says why its client gets the original as shot.
 */
import { useState } from "react";
import { codecName } from "../../domain/clip-display";
import type { ImageRow } from "../../store/rows";
import { clipFacts } from "./clipPlayback";
import { CLIP_TEXTS } from "./texts";
import { useClipUrl } from "./useClipUrl";
import { useImageUrl } from "./useImageUrl";

export function ClipPlayer({ image, name }: { image: ImageRow; name: string }) {
  const poster = useImageUrl(image.id, "preview").url ?? undefined;
  const clip = useClipUrl(image);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = clip.state === "ready" ? clip.url : null;
  // The browser may still refuse what it said it could play (a profile it lacks): the format note then.
  const cannotPlay = (clip.state === "none" && clip.why === "format") || (url !== null && failedUrl === url);
  let stage;
  if (url && !cannotPlay) {
    stage = <video key={url} className="viewer-clip" src={url} poster={poster} controls playsInline preload="metadata" aria-label={name} onError={() => setFailedUrl(url)} />;
  } else if (clip.state === "loading") {
    stage = <span className="spinner" aria-label={CLIP_TEXTS.loading} />;
  } else if (clip.state === "failed") {
    stage = <p className="image-unavailable">{CLIP_TEXTS.unavailable}</p>;
  } else {
    stage = (
      <figure className="viewer-clip-still">
        {poster ? <img src={poster} alt={name} /> : null}
        <figcaption role="status">{cannotPlay ? CLIP_TEXTS.cannotPlay : CLIP_TEXTS.pending}</figcaption>
      </figure>
    );
  }
  return <div className="viewer-clip-stage">{stage}</div>;
}

/** Why a clip has no web version, for the viewer's details; null when it has one or it is still to come. */
export function webStatusNote(image: ImageRow): string | null {
  if (image.webStatus !== "unsupported") return null;
  const { codec } = clipFacts(image);
  return CLIP_TEXTS.unsupported(codecName(codec || "?"));
}
