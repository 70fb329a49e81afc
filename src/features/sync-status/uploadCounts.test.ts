/** Uploads waiting, clips counted apart from photos (issue 38): the header's and a client's badge, in English and in German. */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../../lib/i18n/i18n";
import { SYNC_TEXTS } from "./texts";

const german = () => activate("de", [Promise.resolve({ namespace: "sync-status", messages: JSON.parse(readFileSync(new URL("../../locales/de/sync-status.json", import.meta.url), "utf8")) as Record<string, unknown> })]);

afterEach(() => activate("en", []));

describe("uploads waiting", () => {
  it("counts clips apart from photos", () => {
    expect(SYNC_TEXTS.uploadsOf(0, 0)).toBe("");
    expect(SYNC_TEXTS.uploadsOf(3, 0)).toBe("3 image uploads waiting");
    expect(SYNC_TEXTS.uploadsOf(0, 1)).toBe("1 clip upload waiting");
    expect(SYNC_TEXTS.uploadsOf(12, 2)).toBe("12 photos and 2 clips waiting to upload");
    expect(SYNC_TEXTS.uploadsOf(1, 1)).toBe("1 photo and 1 clip waiting to upload");
  });

  it("counts them apart on a client's badge too", () => {
    expect(SYNC_TEXTS.uploadStateClips.queued(0, 1)).toBe("Queued · 1 clip on this device");
    expect(SYNC_TEXTS.uploadStateClips.queued(3, 2)).toBe("Queued · 3 photos and 2 clips on this device");
    expect(SYNC_TEXTS.uploadStateClips.uploading(1, 1)).toBe("Uploading · 1 photo and 1 clip left");
  });

  it("says so in the screen's language, with its plural forms", async () => {
    await german();
    expect(SYNC_TEXTS.uploadsOf(0, 2)).toBe("2 Videos warten auf den Upload");
    expect(SYNC_TEXTS.uploadsOf(1, 1)).toBe("1 Foto und 1 Video warten auf den Upload");
    expect(SYNC_TEXTS.uploadStateClips.uploading(0, 2)).toBe("Wird hochgeladen · noch 2 Videos");
  });
});
