/**
 * The visitor's viewer, on yet-another-react-lightbox: full-bleed on phones, swipe and drag between
 * photos, pinch and wheel zoom, arrow keys, a slideshow, download of the original and Escape or Close back
 * to the grid; previous and next wrap around at both ends (specification, section 2). Download saves the
 * original under its name with the specification's single-download dialog ('Preparing Your Download', then
 * 'Download Complete' or the error), shown inside the viewer so it is not behind the viewer's inert
 * backdrop, as is the download PIN's prompt when the gallery has one; a failure rechecks the session like a photo that fails to load. It is a modal that
 * makes the rest of the page inert (focus cannot leave it) and, on closing, focus returns to the photo it
 * was opened from. Each slide has the photo's sizes as its srcset, so a phone never loads more than it
 * shows; the neighbours load ahead. A clip plays inline, and the slideshow plays it through (./clipSlides.tsx, issue 38).
 */
import Lightbox, { type SlideImage } from "yet-another-react-lightbox";
import Counter from "yet-another-react-lightbox/plugins/counter";
import Download from "yet-another-react-lightbox/plugins/download";
import Slideshow from "yet-another-react-lightbox/plugins/slideshow";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/counter.css";
import { useEffect, useMemo, useRef, useState, type ReactNode, type SyntheticEvent } from "react";
import { DownloadDialog } from "../downloads/DownloadDialog";
import { useSingleDownload } from "../downloads/useZipDownload";
import { IMAGE_SIZES, sizeOf } from "../../domain/image-sizes";
import { downloadUrl, fetchOriginal, originalFormat, imageUrl, sizeUrl, type Delivery, type GalleryImage } from "./api";
import { GALLERY_TEXTS } from "./texts";
import { HeartButton } from "./HeartButton";
import { deliveryNote } from "./deliveryNote";
import { ViewerProofing } from "./ViewerProofing";
import "./gallery.css";
import { downloadName, imageName } from "../../domain/image-files";
import { isVideo } from "../../domain/records";
import { toast } from "../../state/toast";
import { saveUrl } from "../downloads/saveFile";
import { DOWNLOAD_TEXTS } from "../downloads/texts";
import { ClipCannotPlay, clipSlide, clipSource, hasClips, useFailedClips, useSlideshowPlaysClips, useVideoPlugin } from "./clipSlides";
import type {} from "yet-another-react-lightbox/plugins/video";

interface Props {
  images: GalleryImage[];
  /** -1 when closed. */
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** A photo failed to load (the session may have been revoked). */
  onError: () => void;
  /** The gallery's download mode ("off": no Download button). */
  downloads?: Delivery["downloads"];
  /** Originals as shot or as their full-size JPEG (issue 25): names the file and says it in the dialog. */
  originalsAs?: Delivery["originalsAs"];
  /** Resolves true when a download may start (the PIN was asked for when needed). */
  beforeDownload?: () => Promise<boolean>;
  /** The download PIN's prompt, shown inside the viewer (outside it, the viewer's inert backdrop would hide it). */
  pinDialog?: ReactNode;
}

const SLIDESHOW_DELAY_MS = 4000;

function slideOf(image: GalleryImage, mode: Delivery["downloads"], originalsAs: Delivery["originalsAs"]): SlideImage {
  const name = imageName(image);
  const download = mode === "off" ? false : { url: downloadUrl(image, mode, "single", originalFormat(image, originalsAs)), filename: downloadName(image, mode, originalsAs) };
  if (!image.width || !image.height) return { src: imageUrl(image.id, "preview"), alt: name, download };
  const { width, height } = image;
  const srcSet = IMAGE_SIZES.filter((s) => image.sizes.includes(s.edge)).map((s) => ({ src: sizeUrl(image.id, s.edge), ...sizeOf(width, height, s.edge) }));
  const largest = srcSet.at(-1);
  return { src: largest?.src ?? imageUrl(image.id, "preview"), alt: name, width: largest?.width ?? width, height: largest?.height ?? height, srcSet, download };
}

/** Where focus goes back to: the grid's button of the photo on show when the viewer closes. */
function focusPhoto(id: string | undefined) {
  if (!id) return;
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`.photo-card-open[data-image-id="${CSS.escape(id)}"]`)?.focus());
}

/** Keys, pointers and wheel inside the download dialog stay there (the viewer would swipe or close). */
const keepInside = (e: SyntheticEvent) => e.stopPropagation();

export default function PhotoViewer({ images, index, onIndex, onClose, onError, downloads = "originals", originalsAs = "shot", beforeDownload, pinDialog }: Props) {
  const isOpen = index >= 0;
  // Clips (issue 38, ./clipSlides.tsx): the Video plugin loads only for a gallery with clips.
  const video = useVideoPlugin(isOpen && hasClips(images));
  const failed = useFailedClips(isOpen);
  const slides = useMemo(
    () => images.map((image) => (isVideo(image) ? clipSlide(image, slideOf(image, downloads, originalsAs), !!video && !failed.has(image.id)) : slideOf(image, downloads, originalsAs))),
    [images, downloads, originalsAs, video, failed],
  );
  const [note, setNote] = useState("");
  const [showing, setShowing] = useState(false);
  useSlideshowPlaysClips(showing, index);
  const single = useSingleDownload();
  // The library keeps a failed slide to itself; an image error inside the viewer (errors do not bubble,
  // so it is caught on the way down) tells the gallery to check whether the visitor still has access.
  useEffect(() => {
    if (!isOpen) return;
    const onImageError = (e: Event) => {
      const media = e.target instanceof HTMLImageElement || e.target instanceof HTMLVideoElement || e.target instanceof HTMLSourceElement;
      if (media && (e.target as Element).closest(".yarl__root")) onError();
    };
    document.addEventListener("error", onImageError, true);
    return () => document.removeEventListener("error", onImageError, true);
  }, [isOpen, onError]);
  const current = images[index];
  // The photo on show when the viewer closes: by the time it has animated out the gallery has already
  // set the index to -1, so focus goes back by this id.
  const lastShown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (current) lastShown.current = current.id;
  }, [current]);
  const currentName = current ? imageName(current) : "";
  const download = (image: GalleryImage) => {
    if (downloads === "off") return;
    const url = downloadUrl(image, downloads, "single", originalFormat(image, originalsAs));
    void (async () => {
      if (beforeDownload && !(await beforeDownload())) return;
      // A clip goes through the browser's own download, to disk as it arrives (issue 38).
      if (isVideo(image)) {
        saveUrl(url, downloadName(image, downloads, originalsAs));
        toast({ title: DOWNLOAD_TEXTS.downloadStarted, description: GALLERY_TEXTS.clipSaving });
        return;
      }
      setNote(deliveryNote([image], { downloads, originalsAs }));
      const ok = await single.start({ id: image.id, name: downloadName(image, downloads, originalsAs), load: () => fetchOriginal(image.id, undefined, url) });
      if (!ok) onError();
    })();
  };
  return (
    <Lightbox
      open={isOpen}
      index={Math.max(0, index)}
      slides={slides}
      close={onClose}
      on={{
        view: ({ index: i }) => onIndex(i),
        exited: () => focusPhoto(lastShown.current),
        slideshowStart: () => setShowing(true),
        slideshowStop: () => setShowing(false),
      }}
      plugins={[Counter, ...(downloads === "off" ? [] : [Download]), Slideshow, Zoom, ...(video ? [video] : [])]}
      // The browser's own controls (keyboard and touch included); the clip's index loads before play, so the
      // first frame comes soon after the tap ("none" left Chromium's play button without effect until it loaded).
      video={{ controls: true, playsInline: true, preload: "metadata" }}
      download={{
        // The specification's single-download dialog, for the file the gallery's download mode allows
        // (after the download PIN when the gallery has one).
        download: ({ slide }) => {
          const image = images[slides.indexOf(slide)];
          if (image) download(image);
        },
      }}
      // Proofing: the heart among the toolbar's buttons (the plugins add theirs before Close), lists and comment under the photo.
      toolbar={{ buttons: [current ? <HeartButton key="heart" imageId={current.id} name={currentName} className="yarl__button viewer-heart" /> : null, "close"] }}
      render={{
        // A clip this browser cannot play: its poster, a plain sentence and its download.
        slideFooter: ({ slide }) => {
          const image = images[slides.indexOf(slide)];
          if (!image || !isVideo(image) || slide.type === "video" || (!video && clipSource(image) && !failed.has(image.id))) return null;
          return <ClipCannotPlay onDownload={downloads === "off" ? undefined : () => download(image)} />;
        },
        controls: () => (
          <>
            {current ? <ViewerProofing key={current.id} imageId={current.id} name={currentName} /> : null}
            <div onKeyDown={keepInside} onKeyUp={keepInside} onPointerDown={keepInside} onPointerMove={keepInside} onPointerUp={keepInside} onWheel={keepInside}>
              <DownloadDialog run={single.run} onClose={single.close} note={note} />
              {pinDialog}
            </div>
          </>
        ),
      }}
      // Full-bleed: no padding around the photo (the toolbar floats in the corner, the counter below).
      carousel={{ finite: false, preload: 1, padding: 0 }}
      controller={{ closeOnBackdropClick: false, closeOnPullDown: true }}
      slideshow={{ delay: SLIDESHOW_DELAY_MS }}
      zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
      counter={{ container: { style: { top: "unset", bottom: 0 } } }}
      labels={{
        Previous: GALLERY_TEXTS.previous,
        Next: GALLERY_TEXTS.next,
        Close: GALLERY_TEXTS.backToGrid,
        Download: GALLERY_TEXTS.download,
        Play: GALLERY_TEXTS.slideshow,
        Pause: GALLERY_TEXTS.pause,
        "Zoom in": GALLERY_TEXTS.zoomIn,
        "Zoom out": GALLERY_TEXTS.zoomOut,
        Lightbox: GALLERY_TEXTS.viewerLabel,
      }}
      styles={{ container: { backgroundColor: "#0a0614" } }}
    />
  );
}
