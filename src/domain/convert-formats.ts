/**
 * The converters' target formats (specification, section 9): id, name, description, MIME type and
 * extension. An unknown format falls back to JPEG. 'original' keeps the file as it is (client converter only).
 */
export type TargetFormatId = "jpeg" | "png" | "webp" | "avif" | "tiff" | "original";

export interface FormatOption {
  id: TargetFormatId;
  name: string;
  description: string;
  mimeType: string;
  extension: string;
}

export const FORMATS: readonly FormatOption[] = [
  { id: "jpeg", name: "JPEG", description: "Good compression, some quality loss", mimeType: "image/jpeg", extension: ".jpg" },
  { id: "png", name: "PNG", description: "Lossless with transparency", mimeType: "image/png", extension: ".png" },
  { id: "webp", name: "WebP", description: "Modern format, excellent compression", mimeType: "image/webp", extension: ".webp" },
  { id: "avif", name: "AVIF", description: "Next-generation format", mimeType: "image/avif", extension: ".avif" },
  { id: "tiff", name: "TIFF", description: "Professional printing", mimeType: "image/tiff", extension: ".tiff" },
  { id: "original", name: "Original", description: "Unchanged", mimeType: "", extension: "" },
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
export const CONVERTIBLE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp", "tiff", "tif", "avif", "bmp", "heic", "heif"] as const;
