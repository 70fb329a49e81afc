/** Types of contract.js, the one contract between the app and the server (the hooks run the plain JavaScript). */
export const ACCESS_CODE_ALPHABET: string;
export const ACCESS_CODE_LENGTH: number;
export const ACCESS_CODE_MAX_LENGTH: number;
export const ACCESS_URL_ALPHABET: string;
export const ACCESS_URL_LENGTH: number;
export const ACCESS_URL_PATTERN_SOURCE: string;
export const RESERVED_ACCESS_URLS: readonly string[];
export const EVENT_TYPES: readonly ["Wedding", "Portrait", "Family", "Commercial", "Event"];
export const DEFAULT_EVENT_TYPE: "Wedding";
export const DEFAULT_PRIMARY_COLOR: string;
export type GalleryStatus = "Dormant" | "Expired" | "Active";
export function normalizeAccessCode(value: string | null | undefined): string;
export function accessCodeStrength(value: string | null | undefined): "empty" | "weak" | "strong";
export function isValidAccessUrl(value: string): boolean;
export function parsePbDate(value: string | null | undefined): number | null;
export function galleryStatus(gallery: { enabled: boolean; expirationDate?: string | null } | null, nowMs: number): GalleryStatus;
export function endOfDayInZone(day: string, timeZone: string): number;
export function expiryDay(value: string | null | undefined, timeZone: string): string;
