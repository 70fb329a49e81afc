/** The app's door to the contract it shares with the server (pb_hooks/lib/rules/contract.js, one file for both). */
export {
  ACCESS_CODE_ALPHABET,
  ACCESS_CODE_LENGTH,
  ACCESS_CODE_MAX_LENGTH,
  ACCESS_URL_ALPHABET,
  ACCESS_URL_LENGTH,
  ACCESS_URL_PATTERN_SOURCE,
  RESERVED_ACCESS_URLS,
  EVENT_TYPES,
  DEFAULT_EVENT_TYPE,
  DEFAULT_PRIMARY_COLOR,
  FIRST_IMAGES,
  IMAGE_FORMATS,
  normalizeAccessCode,
  accessCodeStrength,
  isValidAccessUrl,
  parsePbDate,
  pbDateAt,
  galleryStatus as contractGalleryStatus,
  endOfDayInZone,
  expiryDay,
} from "../../pb_hooks/lib/rules/contract.js";
export type { GalleryStatus, ImageFormat } from "../../pb_hooks/lib/rules/contract.js";
