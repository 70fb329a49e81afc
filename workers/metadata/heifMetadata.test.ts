/** HEIC's EXIF and XMP items found through its meta box (issue 25), on a file built box by box. */
import { describe, expect, it } from "vitest";
import { fromHeif } from "./heifMetadata";
import { writeExifBlock } from "./exifBlock";
import { concatBytes } from "../../src/lib/bytes";

const ascii = (s: string) => new TextEncoder().encode(s);

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const body = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(8 + body);
  new DataView(out.buffer).setUint32(0, 8 + body);
  out.set(ascii(type), 4);
  let at = 8;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const u16 = (n: number) => new Uint8Array([n >> 8, n & 255]);
const u32 = (n: number) => new Uint8Array([n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255]);
const full = (version: number) => new Uint8Array([version, 0, 0, 0]);
const infe = (id: number, type: string, content = "") => box("infe", full(2), u16(id), u16(0), ascii(type), ascii("\0"), ...(content ? [ascii(content + "\0")] : []));

/** ftyp, meta (iinf with an Exif and an XMP item, iloc at file offsets), then mdat holding both. */
function heifWith(exifPayload: Uint8Array, xmp: Uint8Array): Uint8Array {
  const build = (exifAt: number, xmpAt: number) =>
    [
      box("ftyp", ascii("heic"), u32(0), ascii("mif1heic")),
      box(
        "meta",
        full(0),
        box("iinf", full(0), u16(2), infe(1, "Exif"), infe(2, "mime", "application/rdf+xml")),
        box("iloc", full(0), new Uint8Array([0x44, 0x00]), u16(2), u16(1), u16(0), u16(1), u32(exifAt), u32(exifPayload.length), u16(2), u16(0), u16(1), u32(xmpAt), u32(xmp.length)),
      ),
    ];
  const head = build(0, 0).reduce((n, b) => n + b.length, 0) + 8;
  const parts = [...build(head, head + exifPayload.length), box("mdat", exifPayload, xmp)];
  return concatBytes(parts);
}

describe("fromHeif", () => {
  it("reads the Exif item past its TIFF-header offset, and the XMP item", () => {
    const block = writeExifBlock({ ifd0: [{ tag: 315, type: 2, values: ascii("Ada Artist\0") }], exif: [], gps: [] })!;
    // As phones and libheif write it: the offset of the TIFF header, "Exif\0\0", then the TIFF structure.
    const payload = new Uint8Array(10 + block.length);
    payload.set(u32(6), 0);
    payload.set(ascii("Exif\0\0"), 4);
    payload.set(block, 10);
    const xmp = ascii('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>');
    const found = fromHeif(heifWith(payload, xmp));
    expect(new TextDecoder().decode(found.exif?.ifd0.find((t) => t.tag === 315)?.values as Uint8Array)).toBe("Ada Artist\0");
    expect(new TextDecoder().decode(found.xmp!)).toBe('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>');
  });

  it("finds nothing in a file without a meta box", () => {
    expect(fromHeif(box("ftyp", ascii("heic")))).toEqual({ exif: null, xmp: null });
  });
});
