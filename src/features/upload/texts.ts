/**
 * Texts of the upload zones and the upload progress dialog (specification, sections 2, 5 and 8). The zones'
 * hints name the formats really accepted and the limit (issue 25; the specification's 'PNG, JPG, GIF up to
 * 20MB each' left out HEIC, TIFF, WebP and AVIF).
 */
export const UPLOAD_TEXTS = {
  imageZoneTitle: "Drag and drop images here, or click to browse",
  /** `formats`: PHOTO_FORMATS, without HEIC in a build that does not decode it. */
  imageZoneHint: (formats: readonly string[], limit: string) => `${formats.join(", ")} · up to ${limit} each`,
  zipZoneTitle: "Drag and drop a zip archive here, or click to browse",
  zipZoneHint: (limit: string) => `ZIP files up to ${limit}, of photos in the same formats`,
  titleImages: "Uploading Images",
  titleZip: "Uploading Zip Archive",
  doneOk: "Upload Completed Successfully",
  /** The photos are on this device only: the server has not confirmed them yet. */
  savedOffline: (n: number) => `Saved on this device · uploads when online (${n} photo${n === 1 ? "" : "s"})`,
  /** Just stored, before the device's counts have caught up. */
  savedHere: "Saved on this device",
  savedUploading: (n: number) => `Saved on this device · uploading (${n} photo${n === 1 ? "" : "s"} left)`,
  doneIssues: "Upload Completed with Issues",
  titleCancelled: "Import Cancelled",
  close: "Close",
  cancel: "Cancel",
  /** After a cancel: what was kept on the device, what was not imported. */
  cancelledSummary: (saved: number, cancelled: number) =>
    `Import cancelled: ${saved} photo${saved === 1 ? "" : "s"} saved, ${cancelled} not imported.`,
  importCancelled: "Import cancelled",
  overall: "Overall progress",
  importCompleted: "Photos saved on this device",
  allSaved: (n: number) => `${n} photo${n === 1 ? "" : "s"} saved; they upload with the next sync.`,
  someErrors: "Some files could not be added",
  uploadFailed: "Import failed",
  zipUploaded: "Zip saved on this device",
  zipExtracted: (n: number) => `Extracted and processed ${n} images from the zip file; they upload with the next sync.`,
  zipFailed: "Zip upload failed",
  tooLarge: (limit: string) => `Not imported: larger than ${limit}. Raise 'Largest original' in Settings > General (up to 200 MB), or export a smaller JPEG.`,
  skippedTitle: "Some files were not added",
  skipped: (names: string[], limit: string) => `${names.join(", ")} ${names.length === 1 ? "is" : "are"} larger than ${limit}.`,
  notZip: "Choose a .zip file.",
  /** The device has no room left (issue 23): what was not imported, and what to do. */
  outOfSpaceTitle: "This device is out of space",
  outOfSpace: (missing: number, total: number) =>
    `This device is out of space: ${missing} of ${total} photo${total === 1 ? " was" : "s were"} not imported. Free space or sync first.`,
  notImportedNoSpace: "Not imported: this device is out of space.",
  noImagesInZip: "The zip archive contains no images.",
  status: { queued: "Queued", uploading: "Processing", adding: "Saving", success: "Saved", error: "Failed", cancelled: "Cancelled", duplicate: "Already in this gallery" },
  /** Files skipped because the gallery already has their bytes (issue 23). */
  duplicatesSkipped: (n: number) => `${n} duplicate${n === 1 ? "" : "s"} skipped`,
  duplicatesWhy: (n: number) => (n === 1 ? "That photo is already in this gallery." : "Those photos are already in this gallery."),
  duplicatesNote: (names: string[]) =>
    `${names.length} duplicate${names.length === 1 ? "" : "s"} skipped: ${nameList(names)}. ${names.length === 1 ? "It is" : "They are"} already in this gallery.`,
  importAnyway: "Import them anyway",
  /** An import the app did not finish (the tab closed or crashed): said on the next start (issue 23). */
  interruptedTitle: "An import did not finish",
  interruptedPhotos: (missing: string[], total: number, client: string) =>
    missing.length === total
      ? total === 1
        ? `The photo of your last import into ${client} was not imported: ${nameList(missing)}.`
        : `None of the ${total} photos of your last import into ${client} were imported: ${nameList(missing)}.`
      : `${missing.length} of ${total} photos of your last import into ${client} ${missing.length === 1 ? "was" : "were"} not imported: ${nameList(missing)}.`,
  interruptedZip: (zipName: string, missing: number, client: string) =>
    `${zipName} was not imported into ${client}: the import stopped before its photos were saved${missing ? ` (${missing} photo${missing === 1 ? "" : "s"})` : ""}.`,
  interruptedHint: "Choose them again to add them; photos already in the gallery are skipped.",
  pickPhotosAgain: "Choose the photos again",
  pickZipAgain: "Choose the zip again",
  showAll: (n: number) => `Show all ${n} files`,
  dismiss: "Dismiss",
  imagesZone: "Upload images",
  zipZone: "Upload zip archive",
  importInto: "Import into set",
  noSet: "No set",
} as const;

/** How many file names a sentence lists before "and N more". */
export const NAMES_IN_SENTENCE = 8;

/** "a.jpg, b.jpg and c.jpg", or the first few "and 9 more". */
export function nameList(names: string[], max = NAMES_IN_SENTENCE): string {
  if (names.length <= 1) return names.join("");
  if (names.length <= max) return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${names.slice(0, max).join(", ")} and ${names.length - max} more`;
}

/** Specification, section 9. */
/** The photo formats an import takes, as the owner knows them (domain/image-formats.ts has the full table). */
export const PHOTO_FORMATS = ["JPEG", "PNG", "GIF", "WebP", "AVIF", "HEIC", "TIFF"] as const;
export const MAX_ZIP_BYTES = 500 * 1024 * 1024;
