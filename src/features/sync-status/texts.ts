/** Texts of the sync status, conflicts and sign-out warning. */
export const SYNC_TEXTS = {
  online: "Online",
  offline: "Offline",
  syncing: "Syncing…",
  allSynced: "All changes synced",
  /** A restored server (docs/SYNC.md, "A restored server"): shown until this device gave back what it lost. */
  reconciling: "Server restored from a backup: checking what it lost",
  restoreButton: (lost: number) => (lost ? `Server restored · ${lost} lost` : "Server restored"),
  restoreTitle: "The server was restored from a backup",
  restoreResent: (resent: number, redeleted: number) =>
    `This device sent back ${resent} record${resent === 1 ? "" : "s"} the restored server had lost` +
    (redeleted ? ` and deleted again ${redeleted} record${redeleted === 1 ? "" : "s"} deleted since the backup.` : "."),
  restoreNothingLost: "Nothing of what this device held was lost.",
  restoreCannotRecover: "What could not be recovered:",
  lostOriginals: (n: number, client: string) =>
    `${n} original${n === 1 ? "" : "s"} of ${client || "a deleted client"}'s gallery ${n === 1 ? "was" : "were"} freed from this device after upload and ${n === 1 ? "is" : "are"} not on the restored server (the ${n === 1 ? "photo is" : "photos are"} back at preview size)`,
  lostPhotos: (n: number, client: string) =>
    `${n} photo${n === 1 ? "" : "s"} of ${client || "a deleted client"}'s gallery ${n === 1 ? "is" : "are"} not on the restored server, and this device no longer holds ${n === 1 ? "it" : "them"}`,
  pending: (n: number) => `${n} change${n === 1 ? "" : "s"} waiting to sync`,
  uploads: (n: number) => `${n} image upload${n === 1 ? "" : "s"} waiting`,
  uploadState: {
    queued: (n: number) => `Queued · ${n} photo${n === 1 ? "" : "s"} on this device`,
    uploading: (n: number) => `Uploading · ${n} photo${n === 1 ? "" : "s"} left`,
    done: () => "Uploaded",
    incomplete: (n: number) => `${n} photo${n === 1 ? "" : "s"} not on the server`,
  },
  uploadStateShort: {
    queued: (n: number) => `Queued · ${n}`,
    uploading: (n: number) => `Uploading · ${n}`,
    done: () => "Uploaded",
    incomplete: (n: number) => `Not on server · ${n}`,
  },
  notOnServer: (n: number) => `${n} photo${n === 1 ? " is" : "s are"} not on the server`,
  lastSynced: (time: string) => `Last synced ${time}`,
  neverSynced: "Not synced yet",
  failed: "Sync failed",
  retry: "Retry",
  retryRefused: "Send them again",
  rejected: (n: number) => `${n} change${n === 1 ? " was" : "s were"} refused by the server`,
  conflictsButton: (n: number) => `${n} conflict${n === 1 ? "" : "s"}`,
  conflictsTitle: "Edits that lost a conflict",
  conflictsIntro: "The same field was changed in two places. The newer change was kept; here is the other one.",
  /** What a conflict is about; called with "" when the record is gone from this device. */
  conflictSubject: {
    clients: (name: string) => name || "A deleted client",
    images: (name: string) => (name ? `Photo '${name}'` : "A deleted photo"),
    settings: () => "Studio settings",
    proof_lists: (name: string) => (name ? `Proofing list '${name}'` : "A deleted proofing list"),
    proof_states: (client: string) => (client ? `Proofing of ${client}` : "A client's proofing"),
    sets: (name: string) => (name ? `Set '${name}'` : "A deleted set"),
  },
  /** Toast title when restoring or dismissing fails, by what the conflict is about. */
  conflictActionFailed: {
    clients: "Error updating client",
    images: "Error updating photo",
    settings: "Error saving settings",
    proof_lists: "Error updating proofing list",
    proof_states: "Error updating proofing",
    sets: "Error updating set",
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
  signOutBody: (n: number) =>
    `${n} change${n === 1 ? " has" : "s have"} not reached the server yet. Signing out removes this device's copy of the studio's data, and ${n === 1 ? "that change" : "those changes"} would be lost.`,
  staySignedIn: "Stay signed in",
  discardAndSignOut: "Sign out and discard",
} as const;
