/** Types of gallery_look.js for the Node unit tests (PocketBase runs the plain JavaScript). */
type Fields = { getString(name: string): string };
export const COVER_STYLES: string[];
export const TYPEFACES: string[];
export function effective(allowed: string[], values: string[]): string;
export function lookOf(client: Fields, settings: Fields | null): { coverStyle: string; typefaces: string };
export function visitorLook(client: Fields): { coverStyle: string; typefaces: string };
