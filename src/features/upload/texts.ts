/**
 * Texts of the upload zones and the upload progress dialog (specification, sections 2, 5 and 8). The zones'
 * hints name the formats really accepted and the limit (issue 25; the specification's 'PNG, JPG, GIF up to
 * 20MB each' left out HEIC, TIFF, WebP and AVIF).
 */
import { icu, localized, withEntries } from "../../lib/i18n/i18n";

const TEXTS = localized("upload", {
  imageZoneTitle: "Drag and drop images here, or click to browse",
  /** `formats`: PHOTO_FORMATS (joined), without HEIC in a build that does not decode it. */
  imageZoneHint: icu<[formats: string, limit: string]>("{formats} · up to {limit} each", "formats", "limit"),
  /** Below the photo formats (issue 38): `formats`: CLIP_FORMATS (joined). */
  clipZoneHint: icu<[formats: string, limit: string]>("Clips: {formats} · up to {limit} each", "formats", "limit"),
  /** A clip this device could not decode was kept as shot (issue 38); the toast's text says which device can do better. */
  clipKeptTitle: "Clip kept without a web version",
  zipZoneTitle: "Drag and drop a zip archive here, or click to browse",
  zipZoneHint: icu<[limit: string]>("ZIP files up to {limit}, of photos in the same formats", "limit"),
  titleImages: "Uploading Images",
  titleZip: "Uploading Zip Archive",
  doneOk: "Upload Completed Successfully",
  /** The photos are on this device only: the server has not confirmed them yet. */
  savedOffline: icu<[n: number]>("Saved on this device · uploads when online ({n, plural, one {# photo} other {# photos}})", "n"),
  /** Just stored, before the device's counts have caught up. */
  savedHere: "Saved on this device",
  savedUploading: icu<[n: number]>("Saved on this device · uploading ({n, plural, one {# photo} other {# photos}} left)", "n"),
  doneIssues: "Upload Completed with Issues",
  titleCancelled: "Import Cancelled",
  close: "Close",
  cancel: "Cancel",
  /** After a cancel: what was kept on the device, what was not imported. */
  cancelledSummary: icu<[saved: number, cancelled: number]>(
    "Import cancelled: {saved, plural, one {# photo} other {# photos}} saved, {cancelled} not imported.",
    "saved",
    "cancelled",
  ),
  importCancelled: "Import cancelled",
  overall: "Overall progress",
  importCompleted: "Photos saved on this device",
  allSaved: icu<[n: number]>("{n, plural, one {# photo} other {# photos}} saved; they upload with the next sync.", "n"),
  someErrors: "Some files could not be added",
  uploadFailed: "Import failed",
  zipUploaded: "Zip saved on this device",
  zipExtracted: icu<[n: number]>("Extracted and processed {n} images from the zip file; they upload with the next sync.", "n"),
  zipFailed: "Zip upload failed",
  /** Online: the photos are in the gallery and the sync is sending them (importWords.ts). */
  importAdded: "Photos added to the gallery",
  addedText: icu<[n: number]>("{n, plural, one {# photo} other {# photos}} added.", "n"),
  zipAddedText: icu<[n: number]>("{n, plural, one {# photo} other {# photos}} from the zip added.", "n"),
  skippedTitle: "Some files were not added",
  skipped: icu<[n: number, names: string, limit: string]>("{names} {n, plural, one {is} other {are}} larger than {limit}.", "n", "names", "limit"),
  notZip: "Choose a .zip file.",
  /** The device has no room left (issue 23): what was not imported, and what to do. */
  outOfSpaceTitle: "This device is out of space",
  noImagesInZip: "The zip archive contains no images.",
  status: { queued: "Queued", uploading: "Processing", adding: "Saving", success: "Saved", error: "Failed", cancelled: "Cancelled", duplicate: "Already in this gallery" },
  /** Files skipped because the gallery already has their bytes (issue 23). */
  duplicatesSkipped: icu<[n: number]>("{n, plural, one {# duplicate} other {# duplicates}} skipped", "n"),
  duplicatesWhy: icu<[n: number]>("{n, plural, one {That photo is already in this gallery.} other {Those photos are already in this gallery.}}", "n"),
  duplicatesNote: icu<[n: number, names: string]>(
    "{n, plural, one {# duplicate skipped: {names}. It is already in this gallery.} other {# duplicates skipped: {names}. They are already in this gallery.}}",
    "n",
    "names",
  ),
  importAnyway: "Import them anyway",
  /** An import the app did not finish (the tab closed or crashed): said on the next start (issue 23). */
  interruptedTitle: "An import did not finish",
  /** None of the photos was imported. */
  interruptedNone: icu<[total: number, client: string, names: string]>(
    "{total, plural, one {The photo of your last import into {client} was not imported: {names}.} other {None of the # photos of your last import into {client} were imported: {names}.}}",
    "total",
    "client",
    "names",
  ),
  interruptedSome: icu<[missing: number, total: number, client: string, names: string]>(
    "{missing} of {total} photos of your last import into {client} {missing, plural, one {was} other {were}} not imported: {names}.",
    "missing",
    "total",
    "client",
    "names",
  ),
  interruptedZip: icu<[zipName: string, missing: number, client: string]>(
    "{zipName} was not imported into {client}: the import stopped before its photos were saved{missing, plural, =0 {} one { (# photo)} other { (# photos)}}.",
    "zipName",
    "missing",
    "client",
  ),
  interruptedHint: "Choose them again to add them; photos already in the gallery are skipped.",
  pickPhotosAgain: "Choose the photos again",
  pickZipAgain: "Choose the zip again",
  showAll: icu<[n: number]>("Show all {n} files", "n"),
  dismiss: "Dismiss",
  imagesZone: "Upload images",
  zipZone: "Upload zip archive",
  importInto: "Import into set",
  noSet: "No set",
  /** A list of names: "a.jpg, b.jpg and c.jpg", or the first few "and 9 more". */
  listLast: icu<[rest: string, last: string]>("{rest} and {last}", "rest", "last"),
  listMore: icu<[first: string, more: number]>("{first} and {more} more", "first", "more"),
});

/** The texts, with the entries that take lists of names (joined here, counted for their plurals). */
export const UPLOAD_TEXTS = withEntries(TEXTS, {
  imageZoneHint: (formats: readonly string[], limit: string): string => TEXTS.imageZoneHint(formats.join(", "), limit),
  clipZoneHint: (formats: readonly string[], limit: string): string => TEXTS.clipZoneHint(formats.join(", "), limit),
  skipped: (names: string[], limit: string): string => TEXTS.skipped(names.length, names.join(", "), limit),
  duplicatesNote: (names: string[]): string => TEXTS.duplicatesNote(names.length, nameList(names)),
  interruptedPhotos: (missing: string[], total: number, client: string): string =>
    missing.length === total ? TEXTS.interruptedNone(total, client, nameList(missing)) : TEXTS.interruptedSome(missing.length, total, client, nameList(missing)),
});

/** How many file names a sentence lists before "and N more". */
export const NAMES_IN_SENTENCE = 8;

/** "a.jpg, b.jpg and c.jpg", or the first few "and 9 more". */
export function nameList(names: string[], max = NAMES_IN_SENTENCE): string {
  if (names.length <= 1) return names.join("");
  if (names.length <= max) return TEXTS.listLast(names.slice(0, -1).join(", "), names.at(-1)!);
  return TEXTS.listMore(names.slice(0, max).join(", "), names.length - max);
}

/** Specification, section 9. */
/** The photo formats an import takes, as the owner knows them (domain/image-formats.ts has the full table). */
export const PHOTO_FORMATS = ["JPEG", "PNG", "GIF", "WebP", "AVIF", "HEIC", "TIFF"] as const;
export const MAX_ZIP_BYTES = 500 * 1024 * 1024;
