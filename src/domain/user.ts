/** The signed-in user as the app sees it (specification, section 3: username and isStudioOwner). */
export interface SessionUser {
  id: string;
  /** The owner's sign-in name; it is the account's email (the update-username rule requires an email). */
  username: string;
  isStudioOwner: boolean;
}

export const VISITOR_LABEL = "Visitor";

/** The user label of the header: the username for the owner, the word Visitor for anyone else. */
export function userLabel(user: SessionUser | null): string {
  return user?.isStudioOwner ? user.username : VISITOR_LABEL;
}
