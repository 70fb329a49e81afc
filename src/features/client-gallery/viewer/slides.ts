/**
 * The owner's viewer's slides (issue 43): a photo is a lightbox image slide once its preview's bytes are an
 * object URL (the zoom works on those), else an "owner-media" slide that shows its spinner or its failure; a
 * clip is always an "owner-media" slide, played by ClipPlayer. Only the photos near the one on show are loaded
 * (`previewWindow`), so a gallery of 2,000 photos holds a few previews in memory, not all of them.
 */
import type { Slide } from "yet-another-react-lightbox";
import { imageName } from "../../../domain/image-files";
import { IMAGE_SIZES, sizeOf } from "../../../domain/image-sizes";
import { isVideo } from "../../../domain/records";
import type { ImageRow } from "../../../store/rows";

declare module "yet-another-react-lightbox" {
  interface SlideTypes {
    "owner-media": SlideOwnerMedia;
  }
  /** A slide the viewer draws itself: a clip, or a photo whose preview is loading or failed. */
  interface SlideOwnerMedia extends GenericSlide {
    type: "owner-media";
    imageId: string;
    media: "clip" | "loading" | "failed";
  }
}

/** A preview's state: its object URL, or "failed"; absent while loading or not asked for. */
export type PreviewState = { url: string } | "failed";

/** The long edge of the preview the owner's screens show (the file the device always keeps). */
const PREVIEW_EDGE = IMAGE_SIZES.find((s) => s.field === "preview")!.edge;

export function ownerSlide(image: ImageRow, preview: PreviewState | undefined): Slide {
  if (isVideo(image)) return { type: "owner-media", imageId: image.id, media: "clip" };
  if (preview === undefined || preview === "failed") return { type: "owner-media", imageId: image.id, media: preview ? "failed" : "loading" };
  // The preview's own size (never larger than the photo): the zoom stops where its pixels run out.
  const size = image.width && image.height ? sizeOf(image.width, image.height, PREVIEW_EDGE) : {};
  return { src: preview.url, alt: imageName(image), ...size };
}

/** The photos whose previews to load: the one on show and `radius` either side (clips load their own). */
export function previewWindow(images: readonly ImageRow[], index: number, radius: number): string[] {
  const ids: string[] = [];
  for (let i = Math.max(0, index - radius); i <= Math.min(images.length - 1, index + radius); i++) {
    const image = images[i]!;
    if (!isVideo(image)) ids.push(image.id);
  }
  return ids;
}
