/** The rules of direct uploads (issue 39): a start read, names and parts as PocketBase and S3 take them, the ticket, the bucket's XML. */
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as r from "./direct_upload_rules.js";
import * as xml from "./s3_xml.js";

const MB = 1024 * 1024;
const md5 = createHash("md5").update("x").digest("base64");
const hmac = (text: string) => createHmac("sha256", "server-key").update(text).digest("hex");

describe("direct upload rules", () => {
  it("read a start: a field that takes a file, a size, a name, a type, and the MD5 of a file sent whole", () => {
    const ok = { record: "abc123", field: "original", size: 10, name: "IMG 1.JPG", type: "Image/JPEG", md5 };
    expect(r.readStart(ok)).toEqual({ ok: true, collection: "images", record: "abc123", field: "original", size: 10, name: "IMG 1.JPG", type: "image/jpeg", md5 });
    expect(r.readStart({ ...ok, collection: "users" })).toEqual({ ok: false, code: "upload_field" });
    expect(r.readStart({ ...ok, record: "../x" })).toEqual({ ok: false, code: "image_not_found" });
    expect(r.readStart({ ...ok, field: "client" })).toEqual({ ok: false, code: "upload_field" });
    expect(r.readStart({ ...ok, size: 0 })).toEqual({ ok: false, code: "upload_invalid" });
    expect(r.readStart({ ...ok, md5: "nope" })).toEqual({ ok: false, code: "upload_invalid" });
    // A file in parts gives each part's MD5 later.
    expect(r.readStart({ ...ok, size: 40 * MB, md5: undefined })).toMatchObject({ ok: true, md5: "" });
    expect(r.readStart({ ...ok, size: r.PART_SIZE * r.MAX_PARTS + 1 })).toEqual({ ok: false, code: "upload_invalid" });
  });

  it("cut a file into S3's parts, numbered from 1, none but the last under S3's minimum", () => {
    expect(r.inParts(r.SINGLE_MAX)).toBe(false);
    expect(r.inParts(r.SINGLE_MAX + 1)).toBe(true);
    expect(r.PART_SIZE).toBeGreaterThanOrEqual(r.MIN_PART_SIZE);
    expect(r.partCount(20 * MB)).toBe(3);
    expect([0, 1, 2, 3, 4].map((n) => r.partSize(20 * MB, n))).toEqual([-1, 8 * MB, 8 * MB, 4 * MB, -1]);
    expect(r.readParts([{ n: 1, md5 }, { n: 3, md5 }], 20 * MB)).toEqual([{ n: 1, md5 }, { n: 3, md5 }]);
    expect(r.readParts([{ n: 4, md5 }], 20 * MB)).toBeNull();
    expect(r.readParts([{ n: 1, md5: "x" }], 20 * MB)).toBeNull();
    expect(r.readCompleteParts([{ n: 1, etag: '"a1"' }, { n: 2, etag: "b2" }, { n: 3, etag: "c3" }], 20 * MB)).toEqual([{ n: 1, etag: "a1" }, { n: 2, etag: "b2" }, { n: 3, etag: "c3" }]);
    expect(r.readCompleteParts([{ n: 1, etag: "a1" }, { n: 3, etag: "c3" }], 20 * MB)).toBeNull();
    expect(r.readSent([{ n: 3, etag: '"e3"' }, { n: 9, etag: "e9" }, { n: 1, etag: "<x>" }, null], 20 * MB)).toEqual([{ n: 3, etag: "e3", size: 4 * MB }]);
    expect(r.readSent("x", 20 * MB)).toEqual([]);
    expect(r.readCompleteParts([{ n: 1, etag: "a1" }, { n: 2, etag: "</ETag>" }, { n: 3, etag: "c3" }], 20 * MB)).toBeNull();
  });

  it("name the stored file as PocketBase would, the same for the same upload, with the announced type's extension", () => {
    const seed = createHash("sha256").update(r.uploadSeed("abc", "original", 10, "image/jpeg", "My Photo.HEIC")).digest("hex");
    const name = r.storedName("My Photo.HEIC", "image/jpeg", seed);
    expect(name).toMatch(/^my_photo_[a-z0-9]{10}\.jpg$/);
    expect(r.storedName("My Photo.HEIC", "image/jpeg", seed)).toBe(name);
    expect(r.storedName("../../etc/passwd", "video/mp4", seed)).toMatch(/^passwd_[a-z0-9]{10}\.mp4$/);
    expect(r.storedName("...", "image/png", seed)).toMatch(/^file_[a-z0-9]{10}\.png$/);
  });

  it("sign a ticket: altered, another owner's or expired is no ticket", () => {
    const t = { owner: "o1", collection: "c1", record: "abc", field: "original", key: "c1/abc/a_x.jpg", name: "ä é.jpg", size: 5, type: "image/jpeg", uploadId: "", md5, expires: 1000 };
    const ticket = r.encodeTicket(t, hmac);
    expect(r.decodeTicket(ticket, hmac, "o1", 999)).toEqual(t);
    expect(r.decodeTicket(ticket, hmac, "o2", 999)).toBeNull();
    expect(r.decodeTicket(ticket, hmac, "o1", 1001)).toBeNull();
    const forged = r.encodeTicket({ ...t, size: 5e9 }, (x) => createHmac("sha256", "guess").update(x).digest("hex"));
    expect(r.decodeTicket(forged, hmac, "o1", 999)).toBeNull();
    expect(r.decodeTicket("x." + hmac("x"), hmac, "o1", 999)).toBeNull();
  });

  it("read the bucket's answers", () => {
    expect(xml.uploadIdOf("<InitiateMultipartUploadResult><UploadId>a&amp;b</UploadId></InitiateMultipartUploadResult>")).toBe("a&b");
    expect(xml.partsOf("<ListPartsResult><Part><PartNumber>2</PartNumber><ETag>&quot;e2&quot;</ETag><Size>8</Size></Part></ListPartsResult>")).toEqual([{ n: 2, etag: "e2", size: 8 }]);
    expect(xml.uploadsOf("<Upload><Key>c/r/a.jpg</Key><UploadId>u1</UploadId><Initiated>2026-01-01T00:00:00.000Z</Initiated></Upload>")).toEqual([{ key: "c/r/a.jpg", uploadId: "u1", initiated: Date.parse("2026-01-01T00:00:00Z") }]);
    const page = xml.objectsOf("<IsTruncated>true</IsTruncated><Contents><Key>c/r/a.jpg</Key><LastModified>2026-01-01T00:00:00.000Z</LastModified></Contents><NextContinuationToken>t2</NextContinuationToken>");
    expect(page).toEqual({ objects: [{ key: "c/r/a.jpg", modified: Date.parse("2026-01-01T00:00:00Z") }], next: "t2" });
    expect(xml.completeXml([{ n: 1, etag: "e1" }])).toBe('<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"e1"</ETag></Part></CompleteMultipartUpload>');
    expect(r.splitKey("pbc_1/abc123/a_x.jpg")).toEqual({ collectionId: "pbc_1", recordId: "abc123", name: "a_x.jpg" });
    expect(r.splitKey("pbc_1/abc123/thumbs_a.jpg/100x100_a.jpg")).toBeNull();
    expect(r.isAbandoned(0, r.ABANDONED_AFTER_MS + 1)).toBe(true);
    expect(r.isAbandoned(0, r.ABANDONED_AFTER_MS)).toBe(false);
    expect([undefined, "", "x", "-1"].map(r.abandonedAfterMs)).toEqual([r.ABANDONED_AFTER_MS, r.ABANDONED_AFTER_MS, r.ABANDONED_AFTER_MS, r.ABANDONED_AFTER_MS]);
    expect(r.abandonedAfterMs("2")).toBe(2 * 3600 * 1000);
    expect(r.isAbandoned(5, 5, r.abandonedAfterMs("0"))).toBe(true);
  });
});
