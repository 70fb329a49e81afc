/**
 * A streaming zip of stored (uncompressed) entries, ZIP64 when needed, byte for byte the layout client-zip
 * 2.5 writes (so zips are unchanged), but an entry may bring its CRC-32: then its bytes are only copied,
 * never read for a checksum. Without one the CRC is computed as the bytes pass (workers/zip/crc32.ts).
 */
import { crc32 } from "./crc32";

export interface StoredEntry {
  name: string;
  lastModified: Date;
  /** The bytes: a Blob, a response whose body streams in, or the bytes themselves. */
  input: Blob | Response | Uint8Array;
  /** CRC-32 of the bytes when known (the image record's, computed at import and checked by the server). */
  crc?: number;
}

const encoder = new TextEncoder();
const U32 = 0xffffffffn;
const clamp32 = (n: bigint) => Number(n < U32 ? n : U32);

function view(size: number): [DataView, Uint8Array] {
  const bytes = new Uint8Array(size);
  return [new DataView(bytes.buffer), bytes];
}

function dosTime(date: Date, v: DataView, at: number) {
  v.setUint16(at, (date.getSeconds() >> 1) | (date.getMinutes() << 5) | (date.getHours() << 11), true);
  v.setUint16(at + 2, date.getDate() | ((date.getMonth() + 1) << 5) | ((date.getFullYear() - 1980) << 9), true);
}

/** Flags: data descriptor (bit 3) and UTF-8 names (bit 11). */
const FLAGS = 0x0808;

function localHeader(name: Uint8Array, date: Date): Uint8Array {
  const [v, bytes] = view(30);
  v.setUint32(0, 0x504b0304);
  v.setUint32(4, 0x2d000000 | FLAGS);
  dosTime(date, v, 10);
  v.setUint16(26, name.length, true);
  return bytes;
}

function dataDescriptor(crc: number, size: bigint, zip64: boolean): Uint8Array {
  const [v, bytes] = view(zip64 ? 24 : 16);
  v.setUint32(0, 0x504b0708);
  v.setUint32(4, crc, true);
  if (zip64) {
    v.setBigUint64(8, size, true);
    v.setBigUint64(16, size, true);
  } else {
    v.setUint32(8, clamp32(size), true);
    v.setUint32(12, clamp32(size), true);
  }
  return bytes;
}

interface Written {
  name: Uint8Array;
  date: Date;
  crc: number;
  size: bigint;
  offset: bigint;
}

function centralHeader(e: Written, extraLength: number): Uint8Array {
  const [v, bytes] = view(46);
  v.setUint32(0, 0x504b0102);
  v.setUint32(4, 0x2d032d00);
  v.setUint16(8, FLAGS);
  dosTime(e.date, v, 12);
  v.setUint32(16, e.crc, true);
  v.setUint32(20, clamp32(e.size), true);
  v.setUint32(24, clamp32(e.size), true);
  v.setUint16(28, e.name.length, true);
  v.setUint16(30, extraLength, true);
  v.setUint16(40, 0o664 | 0x8000, true);
  v.setUint32(42, clamp32(e.offset), true);
  return bytes;
}

function zip64Extra(e: Written, length: number): Uint8Array {
  const [v, bytes] = view(length);
  v.setUint16(0, 1, true);
  v.setUint16(2, length - 4, true);
  if (length & 16) {
    v.setBigUint64(4, e.size, true);
    v.setBigUint64(12, e.size, true);
  }
  v.setBigUint64(length - 8, e.offset, true);
  return bytes;
}

async function* bodyOf(input: Blob | Response | Uint8Array): AsyncGenerator<Uint8Array> {
  if (input instanceof Uint8Array) {
    yield input;
    return;
  }
  const body = input instanceof Blob ? input.stream() : input.body;
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** With `blobs`, an entry given as a Blob goes on as that Blob (its bytes read here only for a CRC not known). */
async function* zipParts(entries: AsyncIterable<StoredEntry>, blobs: boolean): AsyncGenerator<Uint8Array | Blob> {
  const central: Uint8Array[] = [];
  let offset = 0n;
  let count = 0n;
  let anyZip64 = false;
  for await (const entry of entries) {
    const name = encoder.encode(entry.name);
    yield localHeader(name, entry.lastModified);
    yield name;
    let size = 0n;
    let crc = 0;
    const known = entry.crc;
    if (blobs && entry.input instanceof Blob) {
      if (known === undefined) for await (const chunk of bodyOf(entry.input)) crc = crc32(chunk, crc);
      size = BigInt(entry.input.size);
      yield entry.input;
    } else {
      for await (const chunk of bodyOf(entry.input)) {
        if (known === undefined) crc = crc32(chunk, crc);
        size += BigInt(chunk.length);
        yield chunk;
      }
    }
    const written: Written = { name, date: entry.lastModified, crc: known ?? crc, size, offset };
    const zip64 = size >= U32;
    const extra = (offset >= U32 ? 12 : 0) | (zip64 ? 28 : 0);
    yield dataDescriptor(written.crc, size, zip64);
    central.push(centralHeader(written, extra), name);
    if (extra) central.push(zip64Extra(written, extra));
    if (zip64) offset += 8n;
    count++;
    offset += 46n + BigInt(name.length) + size;
    anyZip64 ||= zip64;
  }
  let centralSize = 0n;
  for (const part of central) {
    yield part;
    centralSize += BigInt(part.length);
  }
  if (anyZip64 || offset >= U32) {
    const [v, bytes] = view(76);
    v.setUint32(0, 0x504b0606);
    v.setBigUint64(4, 44n, true);
    v.setUint32(12, 0x2d032d00);
    v.setBigUint64(24, count, true);
    v.setBigUint64(32, count, true);
    v.setBigUint64(40, centralSize, true);
    v.setBigUint64(48, offset, true);
    v.setUint32(56, 0x504b0607);
    v.setBigUint64(64, offset + centralSize, true);
    v.setUint32(72, 1, true);
    yield bytes;
  }
  const [v, bytes] = view(22);
  v.setUint32(0, 0x504b0506);
  const entriesField = Number(count < 0xffffn ? count : 0xffffn);
  v.setUint16(8, entriesField, true);
  v.setUint16(10, entriesField, true);
  v.setUint32(12, clamp32(centralSize), true);
  v.setUint32(16, clamp32(offset), true);
  yield bytes;
}

/** The zip as a stream; entries are pulled one at a time as the reader asks for bytes. */
export function makeStoredZip(entries: AsyncIterable<StoredEntry>): ReadableStream<Uint8Array> {
  const parts = zipParts(entries, false) as AsyncGenerator<Uint8Array>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let queued = 0;
      while ((controller.desiredSize ?? 1) > queued) {
        const { done, value } = await parts.next();
        if (done) {
          controller.close();
          return;
        }
        controller.enqueue(value);
        queued += value.byteLength;
      }
    },
    async cancel(reason) {
      await parts.throw(reason).catch(() => undefined);
    },
  });
}

/**
 * The same zip as parts where each Blob entry stays a Blob, for a writer that hands Blobs on (a file the user
 * chose: workers/zip/zipToFile.ts). A fetched image read as a Blob then never enters JavaScript's memory:
 * the browser keeps its bytes and writes them to the file itself.
 */
export function storedZipParts(entries: AsyncIterable<StoredEntry>): AsyncGenerator<Uint8Array | Blob> {
  return zipParts(entries, true);
}
