/** The login form's rules: both fields required, at least one character. */
import { z } from "zod";
import { AUTH_TEXTS } from "./texts";

export const LoginSchema = z.object({
  username: z.string().min(1, AUTH_TEXTS.usernameRequired),
  password: z.string().min(1, AUTH_TEXTS.passwordRequired),
});

export type LoginValues = z.infer<typeof LoginSchema>;
