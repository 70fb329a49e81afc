/** TIFF decoding (browsers do not read TIFF): the first page as RGBA through UTIF. */
import * as UTIF from "utif2";
import { ImageError } from "./errors";

export async function decodeTiff(file: Blob): Promise<ImageData> {
  try {
    const buffer = await file.arrayBuffer();
    const [page] = UTIF.decode(buffer);
    if (!page) throw new Error("no page");
    UTIF.decodeImage(buffer, page);
    const rgba = UTIF.toRGBA8(page);
    return new ImageData(new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, rgba.length), page.width, page.height);
  } catch {
    throw new ImageError("corrupt", "This TIFF image is damaged or uses a form this app cannot read.");
  }
}
