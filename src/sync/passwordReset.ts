/**
 * The owner's way back into a lost account (issue 25): PocketBase's password-reset email and its
 * confirmation. The email's link leads to the app's reset page (pb_hooks/password_reset.pb.js), which
 * sends the token back here with the new password.
 */
import { pb } from "./pocketbase";

/** Whether the server can email a reset link (SMTP set up); false when it cannot be asked. */
export async function canEmailResetLink(): Promise<boolean> {
  try {
    const answer = await pb.send<{ email?: unknown }>("/api/auth/recovery", { method: "GET" });
    return answer.email === true;
  } catch {
    return false;
  }
}

/** Asks for the reset email. The server answers the same whether or not the address is an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await pb.collection("users").requestPasswordReset(email.trim());
}

/** Sets the new password with the email's token; every earlier session of the account ends. */
export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  await pb.collection("users").confirmPasswordReset(token, password, password);
}
