/** The sync layer's messages, shown to the owner in the screens' error toasts (sync imports no feature). */
export const SYNC_TEXTS = {
  notSignedIn: "Not signed in.",
  otherAccount: "Sync stopped: the account this device's data belongs to is not signed in.",
  incompleteAnswer: "The server's answer was incomplete. Please try again.",
  unreachable: "Network error: the server could not be reached.",
} as const;
