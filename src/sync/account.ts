/**
 * Account and branding changes that need the server (they are not the owner's offline data): the username
 * (the account's email), the password, and the studio logo file. Each returns the new session user where
 * it changes, and throws with the server's message otherwise.
 */
import type { SessionUser } from "../domain/user";
import type { StudioDb } from "../store/db";
import { keepSession, signIn } from "./auth";
import { pb } from "./pocketbase";
import { applyServerRecords } from "./applyServerRecords";
import type { ServerRecord } from "./records";
import { keepStudioLogo } from "./studioLogo";
import { SYNC_TEXTS } from "./texts";

export async function updateUsername(username: string): Promise<SessionUser> {
  return keepSession(await pb.send<unknown>("/api/admin/update-username", { method: "POST", body: { username } }));
}

/** PocketBase revokes every token when the password changes, so this signs in again with the new one. */
export async function changePassword(currentPassword: string, newPassword: string, confirmPassword: string): Promise<SessionUser> {
  const record = pb.authStore.record;
  if (!record) throw new Error(SYNC_TEXTS.notSignedIn);
  await pb.collection("users").update(record.id, { oldPassword: currentPassword, password: newPassword, passwordConfirm: confirmPassword });
  return signIn(String(record.email), newPassword);
}

/** Uploads the logo and brings the updated settings row onto the device. */
export async function uploadLogo(db: StudioDb, settingsId: string, file: File): Promise<void> {
  const form = new FormData();
  form.set("logo", file);
  const record = await pb.collection("settings").update<ServerRecord>(settingsId, form);
  await applyServerRecords(db, "settings", [record]);
  await keepStudioLogo(db, pb).catch(() => false); // the next sync tries again
}
