/** Types of image_guard.js (the hooks run the plain JavaScript). */
export const HEADER_BYTES: number;
export const MAX_PIXELS: number;
export const IMAGE_FILE_FIELDS: readonly string[];
export interface ImageHeader {
  format: string;
  mimeType: string;
  extension: string;
  width: number;
  height: number;
}
export type ReadAt = (offset: number, length: number) => Uint8Array;
export function readImageHeader(raw: ArrayLike<number>, readAt?: ReadAt): ImageHeader | null;
export function checkImage(raw: ArrayLike<number>, readAt?: ReadAt): { ok: true; header: ImageHeader } | { ok: false; code: string; message: string };
export function endsWhole(format: string, raw: ArrayLike<number> | ArrayBuffer): boolean;
export function withExtension(name: string, extension: string): string;
export function servedContentType(contentType: string): string;
export function contentTypeOfName(name: string): string;
