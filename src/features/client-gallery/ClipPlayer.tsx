/**
 * The owner's viewer of a clip (issue 38): the browser's own player (native controls: keyboard, touch,
 * fullscreen), never playing by itself, its poster shown until play; from this device's bytes or streamed
 * from the server (useClipUrl.ts). The server's address carries a file token that lives minutes: when the
 * server refuses it mid-way, the player gets a fresh one and resumes at the same time, once per good load
 * (clipPlayback.ts shouldRenew). When the clip cannot play here the poster stays with the reason, and a clip
 * without a web version says why its client gets the original as shot.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from "react";
import { codecName } from "../../domain/clip-display";
import type { ImageRow } from "../../store/rows";
import { clipFacts, shouldRenew } from "./clipPlayback";
import { CLIP_TEXTS } from "./texts";
import { useClipUrl } from "./useClipUrl";
import { useImageUrl } from "./useImageUrl";

export function ClipPlayer({ image, name }: { image: ImageRow; name: string }) {
  const poster = useImageUrl(image.id, "preview").url ?? undefined;
  const clip = useClipUrl(image);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  // Since the last address: whether the clip loaded; where to resume on a fresh token; whether it was playing.
  const loaded = useRef(false);
  const resume = useRef<{ at: number; playing: boolean } | null>(null);
  const playing = useRef(false);
  const url = clip.state === "ready" ? clip.url : null;
  // One element per source: a fresh token changes its address, not the element, so it resumes in place.
  const source = clip.state === "ready" ? JSON.stringify(clip.plan) : "";
  useEffect(() => {
    loaded.current = false;
    resume.current = null;
  }, [source]);
  // The browser may still refuse what it said it could play (a profile it lacks): the format note then.
  const cannotPlay = (clip.state === "none" && clip.why === "format") || (url !== null && failedUrl === url);
  const onLoaded = (event: SyntheticEvent<HTMLVideoElement>) => {
    loaded.current = true;
    const video = event.currentTarget;
    const at = resume.current;
    resume.current = null;
    if (!at) return;
    video.currentTime = at.at;
    if (at.playing) video.play().catch(() => undefined);
  };
  const onError = (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    if (clip.state === "ready" && clip.renew && shouldRenew(clip.plan, video.error?.code, loaded.current)) {
      loaded.current = false;
      resume.current = { at: video.currentTime, playing: playing.current };
      // The same address again (a token made within the same second as the last one) would not reload: failed.
      clip.renew().then((next) => next === url && setFailedUrl(url), () => setFailedUrl(url));
      return;
    }
    setFailedUrl(url);
  };
  let stage;
  if (url && !cannotPlay) {
    stage = (
      <video
        key={`${image.id}:${source}`}
        className="viewer-clip"
        src={url}
        poster={poster}
        controls
        playsInline
        preload="metadata"
        aria-label={name}
        onLoadedMetadata={onLoaded}
        onPlay={() => (playing.current = true)}
        onPause={() => (playing.current = false)}
        onError={onError}
      />
    );
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
