/** Types of delivery_rules.js for the Node unit tests (PocketBase runs the plain JavaScript). */
export const MODES: readonly ["off", "web", "originals"];
export function modeOf(value: string): "off" | "web" | "originals";
export function downloadKind(param: string | null | undefined): "" | "single" | "zip";
export function decideFile(req: { mode: string; pinRequired: boolean; pinVerified: boolean; field: string; download: string }):
  | { ok: true }
  | { ok: false; status: number; code: "downloads_off" | "originals_off" | "pin_required" | "jpeg_off" | "shot_off"; message: string; reason: "off" | "originals" | "pin" };
export function originalFile(req: { originalsAs: string; hasJpeg: boolean; asked: "" | "original" | "jpeg"; isOwner: boolean }):
  | { ok: true; field: "original" | "jpeg" }
  | { ok: false; status: number; code: "downloads_off" | "originals_off" | "pin_required" | "jpeg_off" | "shot_off"; message: string; reason: "format" };
export function jpegName(originalName: string): string;
export function isPinFormat(pin: unknown): boolean;
export function pinCookieName(clientId: string): string;
