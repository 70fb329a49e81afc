/**
 * The converter's MozJPEG builds agree: the project's WebAssembly SIMD build (mozjpeg-simd/, loaded where the
 * engine has SIMD) writes the same bytes as @jsquash/jpeg's build without SIMD (the fallback) for the same
 * pixels and settings, so a photographer gets the same file whichever the browser runs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { defaultOptions } from "@jsquash/jpeg/meta";
import createPlain from "@jsquash/jpeg/codec/enc/mozjpeg_enc.js";
import createSimd from "./mozjpeg-simd/mozjpeg_enc_simd.js";
import { hasWasmSimd } from "./encodeJpeg";

const HERE = import.meta.dirname;
const PLAIN_WASM = path.resolve(HERE, "../../node_modules/@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm");
const SIMD_WASM = path.join(HERE, "mozjpeg-simd/mozjpeg_enc_simd.wasm");

/** A photo-like test image: smooth gradients with deterministic grain, RGBA. */
function testImage(width: number, height: number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  for (let i = 0; i < width * height; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const x = i % width;
    const y = Math.floor(i / width);
    const grain = (seed >>> 24) % 24;
    data.set([(x * 255) / width + grain, (y * 255) / height + grain, ((x + y) * 127) / (width + height) + grain, 255], i * 4);
  }
  return data;
}

describe("MozJPEG builds", () => {
  it("this engine has WebAssembly SIMD, so the converter loads the SIMD build", () => {
    expect(hasWasmSimd()).toBe(true);
  });

  it("the SIMD build writes the same JPEG as @jsquash/jpeg's build, at every quality the form offers", async () => {
    const plain = await createPlain({ noInitialRun: true, wasmBinary: readFileSync(PLAIN_WASM) });
    const simd = await createSimd({ noInitialRun: true, wasmBinary: readFileSync(SIMD_WASM) });
    const [width, height] = [203, 157]; // not multiples of the 16-pixel MCU: the edges are padded alike
    const pixels = testImage(width, height);
    for (const quality of [1, 50, 80, 100]) {
      const expected = plain.encode(pixels, width, height, { ...defaultOptions, quality });
      const actual = simd.encode(pixels, width, height, { ...defaultOptions, quality });
      expect(actual?.subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
      expect(actual).toEqual(expected);
    }
  });

  it("an engine without SIMD gets @jsquash/jpeg's build, and the same JPEG", async () => {
    vi.resetModules();
    const validate = vi.spyOn(WebAssembly, "validate").mockReturnValue(false);
    try {
      // In Node the build cannot fetch its .wasm by URL, as a worker does: it is given to it compiled.
      const { init } = await import("@jsquash/jpeg/encode");
      await init(await WebAssembly.compile(readFileSync(PLAIN_WASM)));
      const { encodeJpeg, hasWasmSimd: probe } = await import("./encodeJpeg");
      expect(probe()).toBe(false);
      const [width, height] = [64, 48];
      const data = testImage(width, height);
      const bytes = new Uint8Array(await encodeJpeg({ data, width, height, colorSpace: "srgb" } as ImageData, { quality: 80 }));
      const simd = await createSimd({ noInitialRun: true, wasmBinary: readFileSync(SIMD_WASM) });
      expect(bytes).toEqual(simd.encode(data, width, height, { ...defaultOptions, quality: 80 }));
    } finally {
      validate.mockRestore();
    }
  });
});
