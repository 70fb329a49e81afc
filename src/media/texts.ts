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
});
