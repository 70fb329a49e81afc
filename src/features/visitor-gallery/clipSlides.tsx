/**
 * Clips in the visitor's viewer (issue 38). A clip plays its web version inline with the browser's own controls
 * (the lightbox's Video plugin: a native <video>, no player library), its poster shown until it plays and
 * nothing fetched but its index until then. A clip with no web version (delivered as shot, or not made yet)
 * plays its original when this browser says it can (`canPlayType` of its type), else shows its poster with a
 * sentence and, when downloads are on, a button to download it. The Video plugin loads only for a gallery
 * with clips. Never autoplays with sound: the slideshow starts a clip muted and waits for its end.
 */
import { useEffect, useState } from "react";
import type { Plugin, Slide } from "yet-another-react-lightbox";
import { hasWebVersion } from "../../domain/image-files";
import { isVideo } from "../../domain/records";
import { clipUrl, type GalleryImage } from "./api";
import { GALLERY_TEXTS } from "./texts";

type ClipFacts = Pick<GalleryImage, "id" | "kind" | "webStatus" | "mimeType"> & { codec?: string };

/** A codec string `canPlayType` understands for mediabunny's codec names (a common profile of each). */
const CODEC_STRINGS: Record<string, string> = { avc: "avc1.640028", hevc: "hvc1.1.6.L120.90", vp8: "vp8", vp9: "vp09.00.10.08", av1: "av01.0.08M.08" };

/** The type to ask the browser about: the clip's container, with its codec when known ('video/mp4; codecs="hvc1..."'). */
export function playableType(mimeType: string, codec = ""): string {
  const codecs = CODEC_STRINGS[codec];
  return codecs ? `${mimeType}; codecs="${codecs}"` : mimeType;
}

/** Whether this browser says it may play a file of `type` ("maybe" or "probably"). */
export function browserPlays(type: string): boolean {
  if (!type || typeof document === "undefined") return false;
  return document.createElement("video").canPlayType(type) !== "";
}

/** Where this browser plays a clip: its web version, else its original when the browser plays its type; null: it cannot. */
export function clipSource(image: ClipFacts, plays: (type: string) => boolean = browserPlays): { src: string; type: string } | null {
  if (!isVideo(image)) return null;
  if (hasWebVersion(image)) return { src: clipUrl(image.id, "web"), type: "video/mp4" };
  return plays(playableType(image.mimeType, image.codec)) ? { src: clipUrl(image.id, "original"), type: image.mimeType } : null;
}

/**
 * The clips whose playing failed in this viewer (a codec the browser named but could not decode, a web
 * version not uploaded yet): their poster and download are shown instead. Read from the <video>'s errors.
 */
export function useFailedClips(isOpen: boolean): ReadonlySet<string> {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!isOpen) return;
    const onError = (e: Event) => {
      const video = e.target instanceof HTMLSourceElement ? e.target.parentElement : e.target;
      if (!(video instanceof HTMLVideoElement) || !video.closest(".yarl__root")) return;
      const id = /\/api\/gallery\/image\/([^/?]+)\?video=/.exec(video.querySelector("source")?.getAttribute("src") ?? "")?.[1];
      if (id) setFailed((old) => (old.has(id) ? old : new Set(old).add(decodeURIComponent(id))));
    };
    document.addEventListener("error", onError, true);
    return () => document.removeEventListener("error", onError, true);
  }, [isOpen]);
  return failed;
}

/**
 * A clip's slide: a video slide over `poster` (the poster's image slide), or, when it cannot play here or the
 * Video plugin has not loaded yet, the poster's image slide itself.
 */
export function clipSlide<S extends Slide & { src?: string; width?: number; height?: number }>(image: ClipFacts, poster: S, videoReady: boolean): Slide {
  const source = videoReady ? clipSource(image) : null;
  if (!source) return poster;
  const { download } = poster as { download?: unknown };
  return { type: "video", poster: poster.src, width: poster.width, height: poster.height, sources: [source], download } as Slide;
}

/** The Video plugin, loaded once a gallery with clips opens the viewer (null until then, or for photos only). */
export function useVideoPlugin(hasClips: boolean): Plugin | null {
  const [plugin, setPlugin] = useState<Plugin | null>(null);
  useEffect(() => {
    if (!hasClips || plugin) return;
    let live = true;
    void import("yet-another-react-lightbox/plugins/video").then((m) => live && setPlugin(() => m.default));
    return () => {
      live = false;
    };
  }, [hasClips, plugin]);
  return plugin;
}

const CLIP_LOOKS = 20;
const CLIP_LOOK_MS = 100;

/**
 * The slideshow plays a clip through: on its slide it starts it muted (a browser plays muted video without
 * a tap, and no sound starts by itself); the Video plugin then holds the slideshow until the clip ends.
 */
export function useSlideshowPlaysClips(playing: boolean, index: number) {
  useEffect(() => {
    if (!playing) return;
    // The plugin draws the <video> once it knows its slide's size: looked for a few times, well within the slideshow's delay.
    let tries = 0;
    const timer = setInterval(() => {
      const video = document.querySelector<HTMLVideoElement>(".yarl__slide_current video");
      if (video && video.paused && !video.ended) {
        video.muted = true;
        void video.play().catch(() => undefined);
      }
      if (video || ++tries >= CLIP_LOOKS) clearInterval(timer);
    }, CLIP_LOOK_MS);
    return () => clearInterval(timer);
  }, [playing, index]);
}

/** Under the poster of a clip this browser cannot play: a plain sentence, and its download when downloads are on. */
export function ClipCannotPlay({ onDownload }: { onDownload?: () => void }) {
  return (
    <div className="viewer-clip-note" role="note">
      <p>{onDownload ? GALLERY_TEXTS.clipCannotPlay : GALLERY_TEXTS.clipCannotPlayNoDownload}</p>
      {onDownload ? (
        <button type="button" className="btn btn-primary" onClick={onDownload}>
          {GALLERY_TEXTS.clipDownload}
        </button>
      ) : null}
    </div>
  );
}

/** Whether a gallery's images hold a clip (the Video plugin is loaded only then). */
export const hasClips = (images: Pick<GalleryImage, "kind">[]) => images.some((i) => isVideo(i));
