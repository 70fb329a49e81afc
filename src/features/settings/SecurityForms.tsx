/** Security: update the username (an email) and change the password. Both need the server. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useSession } from "../../state/session";
import { toast } from "../../state/toast";
import { changePassword, updateUsername } from "../../sync/account";
import { serverErrorMessage } from "../../sync/auth";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { PasswordSchema, UsernameSchema, type PasswordValues, type UsernameValues } from "./settings-schema";
import { SETTINGS_TEXTS } from "./texts";

function offlineError(): string | null {
  return navigator.onLine ? null : SETTINGS_TEXTS.needsConnection;
}

export function UsernameForm() {
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UsernameValues>({ resolver: zodResolver(UsernameSchema), defaultValues: { username: user?.username ?? "" }, mode: "onSubmit", reValidateMode: "onChange" });
  return (
    <form
      className="client-form"
      noValidate
      onSubmit={handleSubmit(async ({ username }) => {
        try {
          const offline = offlineError();
          if (offline) throw new Error(offline);
          setUser(await updateUsername(username));
          toast({ title: SETTINGS_TEXTS.usernameUpdated });
        } catch (err) {
          toast({ title: SETTINGS_TEXTS.errorUsername, description: serverErrorMessage(err), variant: "destructive" });
        }
      })}
    >
      <h2>{SETTINGS_TEXTS.usernameTitle}</h2>
      <TextField label={SETTINGS_TEXTS.username} type="email" autoComplete="username" error={errors.username?.message} {...register("username")} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? SETTINGS_TEXTS.updatingUsername : SETTINGS_TEXTS.updateUsername}
        </Button>
      </div>
    </form>
  );
}

export function PasswordForm() {
  const setUser = useSession((s) => s.setUser);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ resolver: zodResolver(PasswordSchema), defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" }, reValidateMode: "onChange" });
  return (
    <form
      className="client-form"
      noValidate
      onSubmit={handleSubmit(async (values) => {
        try {
          const offline = offlineError();
          if (offline) throw new Error(offline);
          setUser(await changePassword(values.currentPassword, values.newPassword, values.confirmPassword));
          reset();
          toast({ title: SETTINGS_TEXTS.passwordUpdated });
        } catch (err) {
          // The server names the refused fields (oldPassword, password, passwordConfirm): show them there.
          const fields = (err as { response?: { data?: Record<string, { code?: string; message?: string }> } }).response?.data ?? {};
          if (fields.oldPassword) setError("currentPassword", { message: SETTINGS_TEXTS.wrongCurrentPassword }, { shouldFocus: true });
          if (fields.password) setError("newPassword", { message: fields.password.message || SETTINGS_TEXTS.fieldRefused });
          if (fields.passwordConfirm) setError("confirmPassword", { message: fields.passwordConfirm.message || SETTINGS_TEXTS.fieldRefused });
          const isFieldError = !!(fields.oldPassword || fields.password || fields.passwordConfirm);
          toast({ title: SETTINGS_TEXTS.errorPassword, description: isFieldError ? SETTINGS_TEXTS.seeFields : serverErrorMessage(err), variant: "destructive" });
        }
      })}
    >
      <h2>{SETTINGS_TEXTS.passwordTitle}</h2>
      <TextField label={SETTINGS_TEXTS.currentPassword} type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...register("currentPassword")} />
      <TextField label={SETTINGS_TEXTS.newPassword} type="password" autoComplete="new-password" error={errors.newPassword?.message} {...register("newPassword")} />
      <TextField label={SETTINGS_TEXTS.confirmPassword} type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register("confirmPassword")} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? SETTINGS_TEXTS.changingPassword : SETTINGS_TEXTS.changePassword}
        </Button>
      </div>
    </form>
  );
}
