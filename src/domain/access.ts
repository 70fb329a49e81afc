/**
 * Access urls and codes made on the device, in the server's formats, so the owner can share a gallery
 * created offline before it reaches the server (the server keeps given values).
 */
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, ACCESS_URL_ALPHABET, ACCESS_URL_LENGTH } from "./contract";

function randomString(length: number, alphabet: string): string {
  // Rejection sampling keeps every character equally likely (codes are secrets).
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    const bytes = new Uint8Array(length * 2);
    crypto.getRandomValues(bytes);
    for (const b of bytes) if (b < limit && out.length < length) out += alphabet[b % alphabet.length];
  }
  return out;
}

export const generateAccessUrl = (): string => randomString(ACCESS_URL_LENGTH, ACCESS_URL_ALPHABET);
export const generateAccessCode = (): string => randomString(ACCESS_CODE_LENGTH, ACCESS_CODE_ALPHABET);
