/** Texts of the owner's viewer on the lightbox (issue 43) that the gallery tab's catalogue lacks. */
import { icu, localized } from "../../../lib/i18n/i18n";

export const VIEWER_TEXTS = localized("owner-viewer", {
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  /** The screen reader's word for the strip of photos and for one of them (aria-roledescription). */
  carousel: "carousel",
  slide: "picture",
  /** A photo's position, filled in by the lightbox: {index} and {total} stay as written. */
  slideLabel: "{index} of {total}",
  isCover: "This photo is the gallery's cover",
  deleteLabel: icu<[name: string]>("Delete {name}", "name"),
  downloadLabel: icu<[name: string]>("Download {name}", "name"),
});
