/** Types of mail_rules.js for the Node unit tests (PocketBase runs the plain JavaScript). */
/** `lang`: the email's language (pb_hooks/lib/rules/mail_texts.js), English when unset. */
type Vars = { client: string; link: string; code: string; studio: string; expiry: string; lang?: string };
export const DAY_MS: number;
export const DEFAULT_TEMPLATE: string;
export const PLACEHOLDERS: string[];
export function render(template: string, vars: Partial<Vars>): string;
export function galleryLink(base: string, accessUrl: string): string;
export function formatDay(ms: number, timeZone: string, language?: string, offsetMs?: number): string;
export function galleryMessage(template: string, vars: Vars): { subject: string; text: string };
export function reminderDue(expiryMs: number, nowMs: number): "reminder-1" | "reminder-7" | null;
export function reminderMessage(kind: "reminder-1" | "reminder-7", vars: Vars): { subject: string; text: string };
export const TEXTS: { noLink: string };
export function originOf(url: string): string;
export function withHtml(message: { subject: string; text: string }, vars: Partial<Vars>, brand: { studio: string; color: string; logo?: string }): { subject: string; text: string; html: string };
