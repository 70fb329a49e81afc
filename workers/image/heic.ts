/**
 * HEIC/HEIF decoding (browsers other than Safari do not read it) through libheif's WebAssembly build
 * (libheif-js). The decoder (about 2 MB, the wasm inlined) is its own chunk, loaded by the media worker only
 * when a HEIC file arrives. libheif applies the file's rotation and mirroring; the primary image is taken.
 * Built with HEIC_DECODING=off the import below is a constant `null` and the decoder is not in the build.
 */
import { HEIC_OFF_MESSAGE } from "../../src/domain/heic-decoding";
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

declare const __HEIC_DECODING__: string | undefined;
// Spelled out here, not through IS_HEIC_DECODING_ON, so that the bundler sees a constant and drops the import.
const loadFactory = typeof __HEIC_DECODING__ !== "undefined" && __HEIC_DECODING__ === "off" ? null : () => import("libheif-js/libheif-wasm/libheif-bundle.mjs");

function libheif(): Promise<Libheif> {
  if (!loadFactory) return Promise.reject(new ImageError("unsupported", HEIC_OFF_MESSAGE));
  loading ??= (async () => {
    const { default: factory } = await loadFactory();
    let lib: Libheif | undefined;
    await new Promise<void>((resolve) => {
      lib = factory({ onRuntimeInitialized: () => resolve() }) as Libheif;
    });
    return lib!;
  })();
  return loading;
}

/** The primary image, from the file or from its bytes already read (source.ts). */
export async function decodeHeic(file: Blob | Uint8Array): Promise<ImageData> {
  const lib = await libheif(); // refuses with HEIC_OFF_MESSAGE when this build has no decoder
  let images: HeifImage[] = [];
  try {
    images = new lib.HeifDecoder().decode(file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer()));
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
