/** Why one file could not be imported or converted; the message is shown to the owner as is. */
export type ImageErrorCode = "not-image" | "too-many-pixels" | "unsupported" | "corrupt" | "too-large";

export class ImageError extends Error {
  constructor(
    readonly code: ImageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ImageError";
  }
}

/** Decoding more than this would take gigabytes of memory (100 MP is 400 MB of pixels). */
export const MAX_PIXELS = 100_000_000;
