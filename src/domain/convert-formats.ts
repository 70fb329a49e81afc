/**
 * The converters' target formats (specification, section 9): id, name, MIME type and extension (each
 * format's description is a screen text: CONVERTER_TEXTS.formats). An unknown format falls back to JPEG. 'original' keeps the file as it is (client converter only).
 * MIME types come from image-formats.ts; the extensions are the specification's (a converted TIFF is .tiff).
 */
import { IMAGE_EXTENSIONS } from "./image-files";
import { IMAGE_FORMATS } from "./image-formats";

export type TargetFormatId = "jpeg" | "png" | "webp" | "avif" | "tiff" | "original";

export interface FormatOption {
  id: TargetFormatId;
  name: string;
  mimeType: string;
  extension: string;
}

export const FORMATS: readonly FormatOption[] = [
  { id: "jpeg", name: "JPEG", mimeType: IMAGE_FORMATS.jpeg.mimeType, extension: ".jpg" },
  { id: "png", name: "PNG", mimeType: IMAGE_FORMATS.png.mimeType, extension: ".png" },
  { id: "webp", name: "WebP", mimeType: IMAGE_FORMATS.webp.mimeType, extension: ".webp" },
  { id: "avif", name: "AVIF", mimeType: IMAGE_FORMATS.avif.mimeType, extension: ".avif" },
  { id: "tiff", name: "TIFF", mimeType: IMAGE_FORMATS.tiff.mimeType, extension: ".tiff" },
  { id: "original", name: "Original", mimeType: "", extension: "" },
];

export const DEFAULT_FORMAT: TargetFormatId = "jpeg";
export const DEFAULT_QUALITY = 80;
/** 'Lossless Conversion' is offered for these only. */
export const LOSSLESS_FORMATS: readonly TargetFormatId[] = ["webp", "png"];

export function formatFor(id: string): FormatOption {
  return FORMATS.find((f) => f.id === id) ?? FORMATS[0]!;
}

/** The standalone converter omits 'original'. */
export function standaloneFormats(): FormatOption[] {
  return FORMATS.filter((f) => f.id !== "original");
}

/** "IMG_1.JPG" converted to webp is "IMG_1.webp"; 'original' keeps the name. */
export function convertedName(name: string, format: FormatOption): string {
  if (format.id === "original") return name;
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name}${format.extension}`;
}

/** The files the converters accept, also inside zips (specification, section 5). */
export const CONVERTIBLE_EXTENSIONS = IMAGE_EXTENSIONS;
