/**
 * Where a conversion's time goes, stage by stage, on one core: decoding a 14.7 MP JPEG (libjpeg-turbo, the
 * decoder Chromium uses too), then encoding the same pixels with the converters' WASM codecs (@jsquash
 * WebP, its SIMD build where the engine has SIMD, and MozJPEG) against libvips' native encoders with the
 * same settings (WebP q80 at effort 4 and at effort 3, the method Chromium's own WebP encoder uses, which
 * the converter now calls; MozJPEG q80, trellis, progressive). Runs in Node (the same V8 and WebAssembly
 * engine as Chromium), so it isolates the codecs from the browser, the pool and the page.
 * MozJPEG is timed three ways, each photo in turn (libvips, @jsquash's build without SIMD, the project's SIMD
 * build), by wall time and by the process's CPU time (which other work on a shared machine moves less), and
 * the SIMD build once more at 4:2:0: MozJPEG's quality ratings subsample 4:2:2 at q80, libvips 4:2:0.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import sharp from "sharp";
import { it } from "vitest";
import { init as initJpeg } from "@jsquash/jpeg/encode";
import encodeJpeg from "@jsquash/jpeg/encode";
import { init as initWebp } from "@jsquash/webp/encode";
import encodeWebp from "@jsquash/webp/encode";
import { defaultOptions } from "@jsquash/jpeg/meta";
import createSimdJpeg from "../workers/convert/mozjpeg-simd/mozjpeg_enc_simd.js";
import { report } from "./report";
import { MISSING_PHOTOS, wallpaperPhotos } from "./support/photos";

const require = createRequire(import.meta.url);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 3);

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await run();
  return [value, performance.now() - t0];
}

const wasm = (path: string) => WebAssembly.compile(readFileSync(require.resolve(path)));

/** CPU milliseconds of the whole process (every thread) while `run` runs. */
async function cpuTimed<T>(run: () => Promise<T> | T): Promise<[T, number]> {
  const before = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(before);
  return [value, (used.user + used.system) / 1000];
}

it("profiles decoding and each encoder against libvips, one core", async () => {
  const files = wallpaperPhotos().slice(0, PHOTOS);
  if (!files.length) {
    console.log(MISSING_PHOTOS);
    return;
  }
  sharp.concurrency(1);
  sharp.cache(false);
  await initJpeg(await wasm("@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm"));
  const simd = WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]));
  await initWebp(await wasm(`@jsquash/webp/codec/enc/${simd ? "webp_enc_simd" : "webp_enc"}.wasm`));
  const simdJpeg = await createSimdJpeg({ noInitialRun: true, wasmBinary: readFileSync(new URL("../workers/convert/mozjpeg-simd/mozjpeg_enc_simd.wasm", import.meta.url)) });
  const sum = { megapixels: 0, decode: 0, vipsWebp: 0, wasmWebp: 0, vipsWebp3: 0, wasmWebp3: 0, vipsJpeg: 0, wasmJpeg: 0 };
  const cpu = { vipsJpeg: 0, plainJpeg: 0, simdJpeg: 0, simdJpeg420: 0 };
  const bytes = { vipsJpeg: 0, plainJpeg: 0, simdJpeg: 0, simdJpeg420: 0 };
  for (const file of files) {
    const input = readFileSync(file);
    const [raw, decode] = await timed(() => sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true }));
    const { width, height } = raw.info;
    const image = { data: new Uint8ClampedArray(raw.data.buffer, raw.data.byteOffset, raw.data.length), width, height, colorSpace: "srgb" } as ImageData;
    const pixels = () => sharp(raw.data, { raw: raw.info });
    sum.megapixels += (width * height) / 1e6;
    sum.decode += decode;
    sum.vipsWebp += (await timed(() => pixels().webp({ quality: 80, effort: 4 }).toBuffer()))[1];
    sum.wasmWebp += (await timed(() => encodeWebp(image, { quality: 80, method: 4 })))[1];
    sum.vipsWebp3 += (await timed(() => pixels().webp({ quality: 80, effort: 3 }).toBuffer()))[1];
    sum.wasmWebp3 += (await timed(() => encodeWebp(image, { quality: 80, method: 3 })))[1];
    sum.vipsJpeg += (await timed(() => pixels().jpeg({ quality: 80, mozjpeg: true }).toBuffer()))[1];
    sum.wasmJpeg += (await timed(() => encodeJpeg(image, { quality: 80 })))[1];
    const runs = {
      vipsJpeg: () => pixels().jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
      plainJpeg: async () => new Uint8Array(await encodeJpeg(image, { quality: 80 })),
      simdJpeg: () => simdJpeg.encode(image.data, width, height, { ...defaultOptions, quality: 80 }),
      simdJpeg420: () => simdJpeg.encode(image.data, width, height, { ...defaultOptions, quality: 80, auto_subsample: false, chroma_subsample: 2 }),
    };
    for (const [name, run] of Object.entries(runs) as [keyof typeof runs, () => Promise<Uint8Array> | Uint8Array | null][]) {
      const [out, ms] = await cpuTimed(run);
      cpu[name] += ms;
      bytes[name] += out?.length ?? 0;
    }
  }
  const per = (ms: number) => ms / files.length;
  report("codec-profile", {
    photos: files.length,
    wasm_simd: simd ? "yes" : "no",
    decode_ms: per(sum.decode),
    webp_libvips_ms: per(sum.vipsWebp),
    webp_wasm_ms: per(sum.wasmWebp),
    webp_encode_ratio: sum.vipsWebp / sum.wasmWebp,
    webp_method3_libvips_ms: per(sum.vipsWebp3),
    webp_method3_wasm_ms: per(sum.wasmWebp3),
    webp_method3_encode_ratio: sum.vipsWebp3 / sum.wasmWebp3,
    mozjpeg_libvips_ms: per(sum.vipsJpeg),
    mozjpeg_wasm_ms: per(sum.wasmJpeg),
    mozjpeg_encode_ratio: sum.vipsJpeg / sum.wasmJpeg,
    mozjpeg_cpu_ms_libvips: per(cpu.vipsJpeg),
    mozjpeg_cpu_ms_jsquash: per(cpu.plainJpeg),
    mozjpeg_cpu_ms_simd: per(cpu.simdJpeg),
    mozjpeg_cpu_ratio_jsquash: cpu.vipsJpeg / cpu.plainJpeg,
    mozjpeg_cpu_ratio_simd: cpu.vipsJpeg / cpu.simdJpeg,
    mozjpeg_simd_same_bytes_as_jsquash: bytes.simdJpeg === bytes.plainJpeg ? "yes" : "no",
    mozjpeg_size_ratio_vs_libvips: bytes.simdJpeg / bytes.vipsJpeg,
    mozjpeg_cpu_ratio_simd_420: cpu.vipsJpeg / cpu.simdJpeg420,
    mozjpeg_size_ratio_420_vs_libvips: bytes.simdJpeg420 / bytes.vipsJpeg,
  });
});
