/** Types of proofing_rules.js for the app and the Node unit tests (PocketBase runs the plain JavaScript). */
export const COMMENT_MAX: number;
export const NAME_MAX: number;
export const EMAIL_MAX: number;
export const PEOPLE_PER_SESSION: number;
export const PEOPLE_PER_GALLERY: number;
export function pickFits(limit: number, count: number): boolean;
export function commentText(value: unknown): string;
export function cleanPersonName(value: string): string;
export function personName(value: unknown): string;
export function isPersonEmail(email: string): boolean;
export function personEmail(value: unknown): string;
export function submittedEmail(
  clientName: string,
  personName: string,
  lists: Array<{ name: string; count: number; limit: number }>,
  favourites: number,
  comments: number,
  link?: string,
  personEmail?: string,
  options?: { language?: string; day?: string },
): { subject: string; text: string; html: string };
