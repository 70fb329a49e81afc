/**
 * Record ids made on the device, in PocketBase's own form (15 characters of [a-z0-9]), so that a retried
 * push of the same record can never create a second one.
 */
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
export const RECORD_ID_LENGTH = 15;

export function newRecordId(): string {
  const bytes = new Uint8Array(RECORD_ID_LENGTH);
  crypto.getRandomValues(bytes);
  let id = "";
  // 256 % 36 != 0 gives a slight bias towards the first 4 characters; ids need uniqueness, not uniformity.
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

export function isRecordId(value: string): boolean {
  return /^[a-z0-9]{15}$/.test(value);
}
