/**
 * What the media wing says about a file it could not import (shown beside the file in the import and
 * converter lists, and in the import's toasts): the studio's limits, the device's space, and a clip's reason.
 */
import { icu, localized } from "../lib/i18n/i18n";

export const MEDIA_TEXTS = localized("media", {
  tooLarge: icu<[limit: string]>("Not imported: larger than {limit}. Raise 'Largest original' in Settings > General (up to 200 MB), or export a smaller JPEG.", "limit"),
  outOfSpace: icu<[missing: number, total: number]>(
    "This device is out of space: {missing} of {total, plural, one {# photo was} other {# photos were}} not imported. Free space or sync first.",
    "missing",
    "total",
  ),
  notImportedNoSpace: "Not imported: this device is out of space.",
  /** A clip past the studio's own limit for clips (settings.maxVideoMB), refused before any work. */
  clipTooLarge: icu<[limit: string]>("Not imported: larger than {limit}. Raise 'Largest clip' in Settings > General, or export a shorter or smaller clip.", "limit"),
  /** Why a clip was not imported, by its VideoError code (src/domain/video.ts). */
  clipRefused: {
    not_video: "Not imported: this file is not an MP4, MOV, M4V or WebM video, whatever its name says.",
    no_video_track: "Not imported: this file has no picture, only sound or other data.",
    corrupt: "Not imported: the clip is damaged or cut short. Copy it again from the camera or card, then import it.",
    cannot_decode: "Not imported: this device cannot read this clip's video.",
    too_long: "Not imported: the clip is longer than this device can make a web version of. Export it in shorter parts.",
    too_large_frame: "Not imported: the clip's picture is larger than this device can make a web version of (8K, for example). Export it at 4K or less.",
  },
  /** A clip this device could not decode: kept and delivered as shot; which device can make its web version. */
  clipKeptHevc: "Kept and delivered as shot: this device cannot play its HEVC (H.265) video, so it has no web version. Safari on a Mac or iPhone, or Chrome or Edge on a computer with hardware HEVC decoding, can make one: import the clip there.",
  clipKeptOther: icu<[codec: string]>(
    "Kept and delivered as shot: this device cannot play its video ({codec}), so it has no web version. A browser that plays {codec} can make one: import the clip there.",
    "codec",
  ),
  /** What is being done to a clip now, beside its status in the import dialog. */
  clipStep: {
    reading: "Reading the clip",
    poster: "Making the poster",
    webVersion: icu<[percent: number]>("Making the web version · {percent}%", "percent"),
  },
});
