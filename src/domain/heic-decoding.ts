/**
 * Whether this build decodes HEIC photos. An operator builds with HEIC_DECODING=off (docs/DEPLOY.md) where HEVC's
 * patents are a concern: vite.config.ts then defines __HEIC_DECODING__ as "off", the decoder (libheif-js) is
 * left out of the build, and a HEIC photo is refused with HEIC_OFF_MESSAGE. Tests and development decode HEIC.
 */
declare const __HEIC_DECODING__: string | undefined;

export const IS_HEIC_DECODING_ON = typeof __HEIC_DECODING__ === "undefined" || __HEIC_DECODING__ !== "off";

/** Shown to the owner, as is, for a HEIC photo when decoding is off. */
export const HEIC_OFF_MESSAGE = "HEIC is turned off on this server. Export the photo as JPEG (on the phone or camera, or in your photo editor) and import that.";

/** The file chooser's accept list for photos: HEIC and HEIF only when this build decodes them. */
export function photoAccept(base: string): string {
  return IS_HEIC_DECODING_ON ? `${base},.heic,.heif` : base;
}
