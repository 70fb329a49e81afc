/** The settings forms' rules (specification, section 5). */
import { z } from "zod";
import { HEX_COLOR_PATTERN } from "../../domain/colors";
import { COVER_STYLES, DEFAULT_PRIMARY_COLOR, GALLERY_THEMES, TYPEFACES } from "../../domain/records";
import { MAX_ORIGINAL_MB, MAX_VIDEO_MB } from "../../domain/original-limit";
import { isTimeZone } from "../../domain/time-zone";
import { LOCALES } from "../../lib/i18n/locales";
import { SETTINGS_TEXTS } from "./texts";

export const GeneralSchema = z.object({
  companyName: z.string().trim().min(1, SETTINGS_TEXTS.companyRequired),
  email: z.union([z.literal(""), z.email(SETTINGS_TEXTS.invalidEmail)]),
  websiteUrl: z.union([z.literal(""), z.url({ message: SETTINGS_TEXTS.invalidUrl, protocol: /^https?$/ })]),
  timeZone: z.string().trim().refine(isTimeZone, SETTINGS_TEXTS.invalidTimeZone),
  galleryUrl: z.union([z.literal(""), z.url({ message: SETTINGS_TEXTS.invalidUrl, protocol: /^https?$/ })]),
  emailTemplate: z.string().max(5000).optional(),
  noReminders: z.boolean().optional(),
  /** The studio's default language for galleries; "" is English. */
  language: z.enum(["", ...LOCALES]).optional(),
  maxOriginalMB: z.number(SETTINGS_TEXTS.maxOriginalRange).int(SETTINGS_TEXTS.maxOriginalRange).min(1, SETTINGS_TEXTS.maxOriginalRange).max(MAX_ORIGINAL_MB, SETTINGS_TEXTS.maxOriginalRange).optional(),
  /** The largest clip (issue 38): whole MB up to 65,536 (64 GB); 0 (a blank field, clipLimitField) is the default, 4,096. */
  maxVideoMB: z.number(SETTINGS_TEXTS.maxVideoRange).int(SETTINGS_TEXTS.maxVideoRange).min(0, SETTINGS_TEXTS.maxVideoRange).max(MAX_VIDEO_MB, SETTINGS_TEXTS.maxVideoRange).optional(),
});
export type GeneralValues = z.infer<typeof GeneralSchema>;

/** The clip limit's field value: a blank field is 0, the default; anything else its number (NaN is refused). */
export function clipLimitField(value: unknown): number {
  return String(value ?? "").trim() === "" ? 0 : Number(value);
}

export const BrandingSchema = z.object({
  primaryColor: z
    .string()
    .trim()
    .transform((v) => v || DEFAULT_PRIMARY_COLOR)
    .pipe(z.string().regex(HEX_COLOR_PATTERN, SETTINGS_TEXTS.invalidColor)),
  enableWatermark: z.boolean(),
  /** The studio's gallery theme (issue 27): each gallery's unless the client form says otherwise. */
  galleryTheme: z.enum(GALLERY_THEMES).default("light"),
  /** The studio's cover style and typeface pairing (issue 27): each gallery's unless the client form says otherwise. */
  coverStyle: z.enum(COVER_STYLES).default("full"),
  typefaces: z.enum(TYPEFACES).default("system"),
});
export type BrandingInput = z.input<typeof BrandingSchema>;
export type BrandingValues = z.output<typeof BrandingSchema>;

export const UsernameSchema = z.object({
  username: z.email(SETTINGS_TEXTS.usernameInvalid),
});
export type UsernameValues = z.infer<typeof UsernameSchema>;

const password = z.string().min(6, SETTINGS_TEXTS.passwordMin);
export const PasswordSchema = z
  .object({ currentPassword: password, newPassword: password, confirmPassword: password })
  .refine((v) => v.newPassword === v.confirmPassword, { message: SETTINGS_TEXTS.passwordsDiffer, path: ["confirmPassword"] });
export type PasswordValues = z.infer<typeof PasswordSchema>;

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ["image/png", "image/jpeg"];
