/**
 * MozJPEG for the converter: the project's own WebAssembly SIMD build (scripts/build-mozjpeg-simd.sh,
 * committed in mozjpeg-simd/) where the engine validates SIMD, else @jsquash/jpeg's build without SIMD.
 * Both are MozJPEG with Squoosh's binding and @jsquash/jpeg's default options: the same settings give the
 * same bytes. Only the build the engine runs is loaded (its glue is a chunk of its own).
 */
import { defaultOptions, type EncodeOptions } from "@jsquash/jpeg/meta";

/**
 * The smallest module that uses a SIMD instruction (i8x16.splat, i8x16.popcnt), as wasm-feature-detect's
 * `simd()` checks it: an engine without WebAssembly SIMD refuses to validate it.
 */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

export const hasWasmSimd = (): boolean => WebAssembly.validate(SIMD_PROBE);

type Encode = (image: ImageData, options: Partial<EncodeOptions>) => Promise<ArrayBuffer | Uint8Array<ArrayBuffer>>;

let encoder: Promise<Encode> | undefined;

async function simdEncoder(): Promise<Encode> {
  const module = await (await import("./mozjpeg-simd/mozjpeg_enc_simd.js")).default({ noInitialRun: true });
  return async (image, options) => {
    const bytes = module.encode(image.data, image.width, image.height, { ...defaultOptions, ...options });
    if (!bytes) throw new Error("MozJPEG: not enough memory for the image");
    return bytes;
  };
}

async function plainEncoder(): Promise<Encode> {
  const { default: encode } = await import("@jsquash/jpeg/encode");
  return encode;
}

/** Encodes RGBA pixels as JPEG with MozJPEG (options as @jsquash/jpeg's, over its defaults). */
export async function encodeJpeg(image: ImageData, options: Partial<EncodeOptions>): Promise<ArrayBuffer | Uint8Array<ArrayBuffer>> {
  // Should the SIMD build fail to load (it validated, so it should not), the build without SIMD still converts.
  encoder ??= hasWasmSimd() ? simdEncoder().catch(plainEncoder) : plainEncoder();
  return (await encoder)(image, options);
}
