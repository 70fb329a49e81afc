/** The signed-in user as the app sees it (specification, section 3: username and isStudioOwner). */
export interface SessionUser {
  id: string;
  /** The owner's sign-in name; it is the account's email (the update-username rule requires an email). */
  username: string;
  isStudioOwner: boolean;
}

/**
 * Where the PocketBase SDK keeps the session on this device (localStorage; its default key, named here
 * because the store reads it too: the signed-in account decides which device database opens).
 */
export const SESSION_STORAGE_KEY = "pocketbase_auth";

export const VISITOR_LABEL = "Visitor";

/** The user label of the header: the username for the owner, the word Visitor for anyone else. */
export function userLabel(user: SessionUser | null): string {
  return user?.isStudioOwner ? user.username : VISITOR_LABEL;
}
