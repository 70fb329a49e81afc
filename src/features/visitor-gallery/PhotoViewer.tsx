/**
 * The visitor's viewer, on yet-another-react-lightbox: full-bleed on phones, swipe and drag between
 * photos, pinch and wheel zoom, arrow keys, a slideshow, download of the original and Escape or Close back
 * to the grid; previous and next wrap around at both ends (specification, section 2). Download saves the
 * original under its name with the specification's single-download dialog ('Preparing Your Download', then
 * 'Download Complete' or the error), shown inside the viewer so it is not behind the viewer's inert
 * backdrop, as is the download PIN's prompt when the gallery has one; a failure rechecks the session like a photo that fails to load. It is a modal that
 * makes the rest of the page inert (focus cannot leave it) and, on closing, focus returns to the photo it
 * was opened from. Each slide has the photo's sizes as its srcset, so a phone never loads more than it
 * shows; the neighbours load ahead.
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
  const download = mode === "off" ? false : { url: downloadUrl(image.id, mode, "single", originalFormat(image, originalsAs)), filename: downloadName(image, mode, originalsAs) };
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
  const slides = useMemo(() => images.map((image) => slideOf(image, downloads, originalsAs)), [images, downloads, originalsAs]);
  const [note, setNote] = useState("");
  const single = useSingleDownload();
  const isOpen = index >= 0;
  // The library keeps a failed slide to itself; an image error inside the viewer (errors do not bubble,
  // so it is caught on the way down) tells the gallery to check whether the visitor still has access.
  useEffect(() => {
    if (!isOpen) return;
    const onImageError = (e: Event) => {
      if (e.target instanceof HTMLImageElement && e.target.closest(".yarl__root")) onError();
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
  return (
    <Lightbox
      open={isOpen}
      index={Math.max(0, index)}
      slides={slides}
      close={onClose}
      on={{
        view: ({ index: i }) => onIndex(i),
        exited: () => focusPhoto(lastShown.current),
      }}
      plugins={downloads === "off" ? [Counter, Slideshow, Zoom] : [Counter, Download, Slideshow, Zoom]}
      download={{
        // The specification's single-download dialog, for the file the gallery's download mode allows
        // (after the download PIN when the gallery has one).
        download: ({ slide }) => {
          const image = images[slides.indexOf(slide)];
          if (!image || downloads === "off") return;
          const url = downloadUrl(image.id, downloads, "single", originalFormat(image, originalsAs));
          void (async () => {
            if (beforeDownload && !(await beforeDownload())) return;
            setNote(deliveryNote([image], { downloads, originalsAs }));
            const ok = await single.start({ id: image.id, name: downloadName(image, downloads, originalsAs), load: () => fetchOriginal(image.id, undefined, url) });
            if (!ok) onError();
          })();
        },
      }}
      // Proofing: the heart among the toolbar's buttons (the plugins add theirs before Close), lists and comment under the photo.
      toolbar={{ buttons: [current ? <HeartButton key="heart" imageId={current.id} name={currentName} className="yarl__button viewer-heart" /> : null, "close"] }}
      render={{
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
