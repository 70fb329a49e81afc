/**
 * The gallery email as the client will get it, made on the device for the preview before 'Email gallery to
 * client' (issue 25). It uses the server's own rules (pb_hooks/lib/rules/mail_rules.js, one file for both, through
 * vite-plugin-hooks-contract.ts), and the same inputs the server's pb_hooks/lib/core/mail.js takes: the studio's
 * template and name, the link from the Gallery address or else the origin this app runs on (the server keeps
 * the request's Origin for that), and the expiry in the studio's time zone.
 */
import { formatDay, galleryLink, galleryMessage, originOf } from "../../pb_hooks/lib/rules/mail_rules.js";
import { mailLanguage } from "../../pb_hooks/lib/rules/mail_texts.js";
import { parsePbDate } from "./contract";
import type { ClientFields, SettingsFields } from "./records";

type ClientPart = Pick<ClientFields, "name" | "accessUrl" | "accessCode" | "expirationDate" | "language">;
type SettingsPart = Pick<SettingsFields, "companyName" | "emailTemplate" | "galleryUrl" | "timeZone" | "language">;

export interface GalleryEmail {
  subject: string;
  text: string;
  /** The gallery's link in the text; "" when none can be made (the server then refuses to send). */
  link: string;
}

/** The email for `client`, with the studio's `settings` (null before the first sync) from an app at `origin`. */
export function galleryEmail(client: ClientPart, settings: SettingsPart | null, origin: string): GalleryEmail {
  const galleryUrl = settings?.galleryUrl ?? "";
  const base = originOf(galleryUrl) ? galleryUrl : originOf(origin);
  const link = base ? galleryLink(base, client.accessUrl) : "";
  const expiryMs = parsePbDate(client.expirationDate);
  const lang = mailLanguage(client.language ?? "", settings?.language ?? "");
  const vars = {
    lang,
    client: client.name,
    link,
    code: client.accessCode,
    studio: settings?.companyName ?? "",
    expiry: expiryMs == null ? "" : formatDay(expiryMs, settings?.timeZone ?? "", lang),
  };
  return { ...galleryMessage(settings?.emailTemplate ?? "", vars), link };
}
