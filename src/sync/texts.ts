/** The sync layer's messages, shown to the owner in the screens' error toasts (sync imports no feature). */
export const SYNC_TEXTS = {
  notSignedIn: "Not signed in.",
  otherAccount: "This device's data belongs to another account: sign in as that account to sync it.",
  incompleteAnswer: "The server's answer was incomplete. Please try again.",
  unreachable: "Network error: the server could not be reached.",
} as const;
