/** Texts of progress and news (issue 43): the upload bars and the notices of what clients did. */
import { icu, localized } from "../../lib/i18n/i18n";

export const NEWS_TEXTS = localized("news", {
  /** The bar under the header: every upload of the running sync. */
  uploadingAll: "Uploading",
  /** The bar on a client's page: that gallery's uploads. */
  uploadingGallery: "Uploading to this gallery",
  /** Bytes sent of the total (each a size such as "12.5 MB"), and the share of it. */
  bytesOf: icu<[sent: string, total: string, percent: string]>("{sent} of {total} ({percent})", "sent", "total", "percent"),
  files: icu<[done: number, n: number]>("{done} of {n, plural, one {# file} other {# files}}", "done", "n"),
  /** The link's speed: a size a second ("2.5 MB"). */
  speed: icu<[size: string]>("{size} per second", "size"),
  leftSeconds: icu<[n: number]>("About {n, plural, one {# second} other {# seconds}} left", "n"),
  leftMinutes: icu<[n: number]>("About {n, plural, one {# minute} other {# minutes}} left", "n"),
  leftHours: icu<[h: number, m: number]>("About {h, plural, one {# hour} other {# hours}} {m, plural, one {# minute} other {# minutes}} left", "h", "m"),
  measuring: "Measuring the speed…",
  uploaded: "Uploaded",
  /** The notices of what clients did (src/sync/news.ts). */
  region: "News from your galleries",
  submitted: icu<[person: string, gallery: string]>("{person} submitted their selection in {gallery}", "person", "gallery"),
  newPerson: icu<[person: string, gallery: string]>("New guest in {gallery}: {person}", "person", "gallery"),
  /** A person whose name has not arrived yet. */
  someone: "Someone",
  openGallery: "Open gallery",
  dismiss: "Dismiss",
  /** The dismiss button's name: the notice it dismisses. */
  dismissOne: icu<[notice: string]>("Dismiss: {notice}", "notice"),
  dismissAll: "Dismiss all",
  more: icu<[n: number]>("{n, plural, one {# more} other {# more}}", "n"),
});
