/** Texts of the upload zones and the upload progress dialog (specification, sections 2, 5 and 8). */
export const UPLOAD_TEXTS = {
  imageZoneTitle: "Drag and drop images here, or click to browse",
  imageZoneHint: "PNG, JPG, GIF up to 20MB each",
  zipZoneTitle: "Drag and drop a zip archive here, or click to browse",
  zipZoneHint: "ZIP files up to 500MB",
  titleImages: "Uploading Images",
  titleZip: "Uploading Zip Archive",
  doneOk: "Upload Completed Successfully",
  /** The photos are on this device only: the server has not confirmed them yet. */
  savedOffline: (n: number) => `Saved on this device · uploads when online (${n} photo${n === 1 ? "" : "s"})`,
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
  tooLarge: (limit: string) => `Not imported: larger than ${limit}.`,
  skippedTitle: "Some files were not added",
  skipped: (names: string[], limit: string) => `${names.join(", ")} ${names.length === 1 ? "is" : "are"} larger than ${limit}.`,
  notZip: "Choose a .zip file.",
  noImagesInZip: "The zip archive contains no images.",
  status: { queued: "Queued", uploading: "Processing", adding: "Saving", success: "Saved", error: "Failed", cancelled: "Cancelled" },
  imagesZone: "Upload images",
  zipZone: "Upload zip archive",
} as const;

/** Specification, section 9. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_ZIP_BYTES = 500 * 1024 * 1024;
