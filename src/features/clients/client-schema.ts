/** The client form's rules (specification, section 5). Dates are the date inputs' "YYYY-MM-DD" or "". */
import { LOCALES } from "../../lib/i18n/locales";
import { z } from "zod";
import { COVER_STYLES, DOWNLOAD_MODES, EVENT_TYPES, GALLERY_THEMES, ORIGINALS_AS, TYPEFACES } from "../../domain/records";
import { CLIENT_TEXTS } from "./texts";

const optionalDate = z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid date")]);

export const ClientFormSchema = z.object({
  name: z.string().trim().min(1, CLIENT_TEXTS.nameRequired),
  email: z.union([z.literal(""), z.email(CLIENT_TEXTS.invalidEmail)]),
  eventType: z.enum(EVENT_TYPES),
  eventDate: optionalDate,
  expirationDate: optionalDate,
  accessCode: z.string().trim().min(1, CLIENT_TEXTS.accessCodeRequired).max(64),
  accessUrl: z.union([z.literal(""), z.string().regex(/^[a-z0-9-]{1,64}$/, CLIENT_TEXTS.invalidAccessUrl)]),
  notes: z.string().max(10000),
  enabled: z.boolean(),
  downloadMode: z.enum(DOWNLOAD_MODES),
  originalsAs: z.enum(ORIGINALS_AS),
  /** "" follows the visitor's browser, then the studio's default language. */
  language: z.enum(["", ...LOCALES]),
  /** Light or dark (issue 27); "" is the studio's default (Settings > Branding). */
  galleryTheme: z.enum(["", ...GALLERY_THEMES]),
  /** The cover style and typeface pairing (issue 27); "" is the studio's default (Settings > Branding). */
  coverStyle: z.enum(["", ...COVER_STYLES]),
  typefaces: z.enum(["", ...TYPEFACES]),
  noReminders: z.boolean(),
  downloadPin: z.union([z.literal(""), z.string().regex(/^\d{4}$/, CLIENT_TEXTS.invalidDownloadPin)]),
});

export type ClientFormValues = z.infer<typeof ClientFormSchema>;

/** PocketBase dates ("2026-06-01 00:00:00.000Z") as a date input's value. */
export function toDateInput(value: string): string {
  return value ? value.slice(0, 10) : "";
}
