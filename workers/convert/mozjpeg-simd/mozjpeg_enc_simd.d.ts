/**
 * The interface of mozjpeg_enc_simd.js, the Emscripten module scripts/build-mozjpeg-simd.sh writes: the same
 * `encode` as @jsquash/jpeg's module (same options), returning null only when the heap cannot hold the input.
 */
import type { EncodeOptions } from "@jsquash/jpeg/meta";

export interface MozJpegSimdModule {
  encode(data: Uint8Array | Uint8ClampedArray, width: number, height: number, options: EncodeOptions): Uint8Array<ArrayBuffer> | null;
}

declare const createModule: (overrides?: { noInitialRun?: boolean; wasmBinary?: ArrayBuffer | Uint8Array }) => Promise<MozJpegSimdModule>;
export default createModule;
