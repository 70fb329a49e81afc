/**
 * HEIC/HEIF decoding (browsers other than Safari do not read it) through libheif's WebAssembly build
 * (libheif-js). The decoder (about 2 MB, the wasm inlined) is its own chunk, loaded by the media worker only
 * when a HEIC file arrives. libheif applies the file's rotation and mirroring; the primary image is taken.
 */
import { ImageError } from "./errors";

interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(target: { data: Uint8ClampedArray; width: number; height: number }, done: (result: { data: Uint8ClampedArray } | null) => void): void;
  free?(): void;
}
interface Libheif {
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
}

let loading: Promise<Libheif> | null = null;

function libheif(): Promise<Libheif> {
  loading ??= (async () => {
    const { default: factory } = await import("libheif-js/libheif-wasm/libheif-bundle.mjs");
    let lib: Libheif | undefined;
    await new Promise<void>((resolve) => {
      lib = factory({ onRuntimeInitialized: () => resolve() }) as Libheif;
    });
    return lib!;
  })();
  return loading;
}

export async function decodeHeic(file: Blob): Promise<ImageData> {
  const lib = await libheif();
  let images: HeifImage[] = [];
  try {
    images = new lib.HeifDecoder().decode(new Uint8Array(await file.arrayBuffer()));
    const image = images.find((i) => i.is_primary()) ?? images[0];
    if (!image) throw new Error("no image");
    const width = image.get_width();
    const height = image.get_height();
    const data = await new Promise<Uint8ClampedArray>((resolve, reject) =>
      image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (result) => (result ? resolve(result.data) : reject(new Error("decode failed")))),
    );
    return new ImageData(data as Uint8ClampedArray<ArrayBuffer>, width, height);
  } catch {
    throw new ImageError("corrupt", "This HEIC image is damaged or uses a form this app cannot read.");
  } finally {
    for (const image of images) image.free?.();
  }
}
