/**
 * One word for one figure (issue 37): the dashboard said "2 downloads" for two photos in one zip while the
 * client's card said "Downloads 0" (single downloads). Both now count the photos downloaded, one by one or
 * in zips, and call it so; the card shows each way on its own under its own words.
 */
import { describe, expect, it } from "vitest";
import { photosDownloaded } from "../../sync/activity";
import { CLIENT_TEXTS } from "../clients/texts";
import { DASHBOARD_TEXTS } from "./texts";

describe("downloads on the dashboard and the client's card", () => {
  it("counts the photos downloaded, one by one and in zips, under the same words", () => {
    const zipOfTwo = { singleDownloads: 0, zipPhotos: 2 };
    expect(photosDownloaded(zipOfTwo)).toBe(2);
    expect(photosDownloaded({ singleDownloads: 3, zipPhotos: 2 })).toBe(5);
    expect(DASHBOARD_TEXTS.activityLine(1, photosDownloaded(zipOfTwo))).toBe("1 view · 2 photos downloaded");
    expect(DASHBOARD_TEXTS.activityLine(1, 1)).toBe("1 view · 1 photo downloaded");
    expect(CLIENT_TEXTS.activityDownloads.toLowerCase()).toBe("photos downloaded");
    expect(CLIENT_TEXTS.activitySingle).not.toMatch(/^downloads$/i);
  });
});
