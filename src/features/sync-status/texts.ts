/** Texts of the sync status, conflicts and sign-out warning. */
import { icu, localized, withEntries } from "../../lib/i18n/i18n";

const PLAIN = {
  online: "Online",
  offline: "Offline",
  syncing: "Syncing…",
  allSynced: "All changes synced",
  /** A restored server (docs/SYNC.md, "A restored server"): shown until this device gave back what it lost. */
  reconciling: "Server restored from a backup: checking what it lost",
  restoreButton: icu<[lost: number]>("{lost, plural, =0 {Server restored} other {Server restored · # lost}}", "lost"),
  restoreTitle: "The server was restored from a backup",
  restoreResent: icu<[resent: number, redeleted: number]>(
    "This device sent back {resent, plural, one {# record} other {# records}} the restored server had lost{redeleted, plural, =0 {.} one { and deleted again # record deleted since the backup.} other { and deleted again # records deleted since the backup.}}",
    "resent",
    "redeleted",
  ),
  restoreNothingLost: "Nothing of what this device held was lost.",
  restoreCannotRecover: "What could not be recovered:",
  lostOriginals: icu<[n: number, client: string]>(
    "{n, plural, one {# original of {client}'s gallery was freed from this device after upload and is not on the restored server (the photo is back at preview size)} other {# originals of {client}'s gallery were freed from this device after upload and are not on the restored server (the photos are back at preview size)}}",
    "n",
    "client",
  ),
  lostPhotos: icu<[n: number, client: string]>(
    "{n, plural, one {# photo of {client}'s gallery is not on the restored server, and this device no longer holds it} other {# photos of {client}'s gallery are not on the restored server, and this device no longer holds them}}",
    "n",
    "client",
  ),
  /** Said of the lost photos of a client that is gone from this device too. */
  deletedClientName: "a deleted client",
  pending: icu<[n: number]>("{n, plural, one {# change} other {# changes}} waiting to sync", "n"),
  uploads: icu<[n: number]>("{n, plural, one {# image upload} other {# image uploads}} waiting", "n"),
  /** Clips (issue 38) counted apart from photos: only clips, or both. */
  uploadsClips: icu<[clips: number]>("{clips, plural, one {# clip upload} other {# clip uploads}} waiting", "clips"),
  uploadsBoth: icu<[photos: number, clips: number]>("{photos, plural, one {# photo} other {# photos}} and {clips, plural, one {# clip} other {# clips}} waiting to upload", "photos", "clips"),
  uploadState: {
    queued: icu<[n: number]>("Queued · {n, plural, one {# photo} other {# photos}} on this device", "n"),
    uploading: icu<[n: number]>("Uploading · {n, plural, one {# photo} other {# photos}} left", "n"),
    done: icu<[]>("Uploaded"),
    incomplete: icu<[n: number]>("{n, plural, one {# photo} other {# photos}} not on the server", "n"),
  },
  /** The same with clips among them (issue 38): photos (none, one, more) and clips, counted apart. */
  uploadStateClips: {
    queued: icu<[photos: number, clips: number]>("Queued · {photos, plural, =0 {} one {# photo and } other {# photos and }}{clips, plural, one {# clip} other {# clips}} on this device", "photos", "clips"),
    uploading: icu<[photos: number, clips: number]>("Uploading · {photos, plural, =0 {} one {# photo and } other {# photos and }}{clips, plural, one {# clip} other {# clips}} left", "photos", "clips"),
  },
  uploadStateShort: {
    queued: icu<[n: number]>("Queued · {n}", "n"),
    uploading: icu<[n: number]>("Uploading · {n}", "n"),
    done: icu<[]>("Uploaded"),
    incomplete: icu<[n: number]>("Not on server · {n}", "n"),
  },
  notOnServer: icu<[n: number]>("{n, plural, one {# photo is} other {# photos are}} not on the server", "n"),
  lastSynced: icu<[time: string]>("Last synced {time}", "time"),
  neverSynced: "Not synced yet",
  /** The app's offline copy (the service worker's cache) is still filling: photo tools do not work offline yet. */
  preparingOffline: "Getting ready for offline work…",
  /** Offline before the offline copy was ready: the page works, importing photos does not. */
  notReadyOffline: "Not ready for offline work: connect once to finish",
  failed: "Sync failed",
  retry: "Retry",
  retryRefused: "Send them again",
  rejected: icu<[n: number]>("{n, plural, one {# change was} other {# changes were}} refused by the server", "n"),
  conflictsButton: icu<[n: number]>("{n, plural, one {# conflict} other {# conflicts}}", "n"),
  conflictsTitle: "Edits that lost a conflict",
  conflictsIntro: "The same field was changed in two places. The newer change was kept; here is the other one.",
  /** What a conflict is about, by the record's name (or its client's, for proofing). */
  conflictNamed: {
    images: icu<[name: string]>("Photo ''{name}''", "name"),
    proof_lists: icu<[name: string]>("Proofing list ''{name}''", "name"),
    proof_states: icu<[client: string]>("Proofing of {client}", "client"),
    sets: icu<[name: string]>("Set ''{name}''", "name"),
    proof_people: icu<[name: string]>("Person ''{name}''", "name"),
  },
  /** What a conflict is about when the record is gone from this device. */
  conflictGone: {
    clients: "A deleted client",
    images: "A deleted photo",
    settings: "Studio settings",
    proof_lists: "A deleted proofing list",
    proof_states: "A client's proofing",
    sets: "A deleted set",
    proof_people: "A removed person",
  },
  /** Toast title when restoring or dismissing fails, by what the conflict is about. */
  conflictActionFailed: {
    clients: "Error updating client",
    images: "Error updating photo",
    settings: "Error saving settings",
    proof_lists: "Error updating proofing list",
    proof_states: "Error updating proofing",
    sets: "Error updating set",
    proof_people: "Error updating person",
  },
  lost: "Lost:",
  kept: "Kept:",
  emptyValue: "(empty)",
  close: "Close",
  restore: "Restore",
  sendAgain: "Send again",
  dismiss: "Dismiss",
  deletedRecord: "Changed here, but deleted elsewhere",
  signOutTitle: "Sign out and discard unsynced changes?",
  signOutBody: icu<[n: number]>(
    "{n, plural, one {# change has not reached the server yet. Signing out removes this device's copy of the studio's data, and that change would be lost.} other {# changes have not reached the server yet. Signing out removes this device's copy of the studio's data, and those changes would be lost.}}",
    "n",
  ),
  staySignedIn: "Stay signed in",
  discardAndSignOut: "Sign out and discard",
} as const;

const TEXTS = localized("sync-status", PLAIN);

/** What a conflict is about; called with "" when the record is gone from this device. */
function conflictSubject(kind: "clients" | "images" | "settings" | "proof_lists" | "proof_states" | "sets" | "proof_people", name: string): string {
  if (!name || kind === "settings") return TEXTS.conflictGone[kind];
  return kind === "clients" ? name : TEXTS.conflictNamed[kind](name);
}

type Subjects = { readonly [K in "clients" | "images" | "proof_lists" | "proof_states" | "sets" | "proof_people"]: (name: string) => string } & { readonly settings: () => string };

/** The texts, with the lost photos' client and the conflict subjects resolved. */
export const SYNC_TEXTS = withEntries(TEXTS, {
  /** What waits for upload, clips counted apart from photos ("" when nothing waits). */
  uploadsOf: (photos: number, clips: number): string => (clips ? (photos ? TEXTS.uploadsBoth(photos, clips) : TEXTS.uploadsClips(clips)) : photos ? TEXTS.uploads(photos) : ""),
  lostOriginals: (n: number, client: string): string => TEXTS.lostOriginals(n, client || TEXTS.deletedClientName),
  lostPhotos: (n: number, client: string): string => TEXTS.lostPhotos(n, client || TEXTS.deletedClientName),
  conflictSubject: {
    clients: (name: string) => conflictSubject("clients", name),
    images: (name: string) => conflictSubject("images", name),
    settings: () => conflictSubject("settings", ""),
    proof_lists: (name: string) => conflictSubject("proof_lists", name),
    proof_states: (client: string) => conflictSubject("proof_states", client),
    sets: (name: string) => conflictSubject("sets", name),
    proof_people: (name: string) => conflictSubject("proof_people", name),
  } satisfies Subjects,
});
