/** The sync layer's messages, shown to the owner in the screens' error toasts (sync imports no feature). */
import { localized } from "../lib/i18n/i18n";

export const SYNC_TEXTS = localized("sync", {
  notSignedIn: "Not signed in.",
  otherAccount: "Sync stopped: the account this device's data belongs to is not signed in.",
  incompleteAnswer: "The server's answer was incomplete. Please try again.",
  unreachable: "Network error: the server could not be reached.",
  missingOnServer: "The server does not have this record, and nothing says it was deleted (was the server restored from a backup?). The change is kept on this device.",
  outOfSpace: "This device is out of space. What was waiting here went to the server first. Close the app and open it again (the browser then gives back the space the uploaded photos took), or free some space, and sync again.",
});
