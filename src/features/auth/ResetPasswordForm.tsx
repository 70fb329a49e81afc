/**
 * The page the reset email links to (`/auth/reset-password/:token`): a new password, twice, sent with the
 * email's token. Success goes to the sign-in page; a used or expired link says to ask for a new one.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { confirmPasswordReset } from "../../sync/passwordReset";
import { toast } from "../../state/toast";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { AUTH_TEXTS } from "./texts";
import "./auth.css";

const ResetSchema = z
  .object({ password: z.string().min(6, AUTH_TEXTS.passwordTooShort), confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: AUTH_TEXTS.passwordsDiffer, path: ["confirm"] });

type ResetValues = z.infer<typeof ResetSchema>;

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ resolver: zodResolver(ResetSchema), defaultValues: { password: "", confirm: "" } });

  const submit = handleSubmit(async ({ password }) => {
    try {
      await confirmPasswordReset(token, password);
      toast({ title: AUTH_TEXTS.resetDoneTitle, description: AUTH_TEXTS.resetDoneDescription });
      onDone();
    } catch {
      setFailed(true);
    }
  });

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {failed && <p role="alert" className="field-error">{AUTH_TEXTS.resetFailed}</p>}
      <TextField label={AUTH_TEXTS.newPasswordLabel} type="password" autoComplete="new-password" error={errors.password?.message} {...register("password")} />
      <TextField label={AUTH_TEXTS.confirmPasswordLabel} type="password" autoComplete="new-password" error={errors.confirm?.message} {...register("confirm")} />
      <Button type="submit" disabled={isSubmitting} className="btn-block">
        {isSubmitting ? AUTH_TEXTS.settingNewPassword : AUTH_TEXTS.setNewPassword}
      </Button>
    </form>
  );
}
