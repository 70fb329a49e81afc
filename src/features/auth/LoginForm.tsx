/**
 * The sign-in form. Validated on submit and again on every change after that (react-hook-form's
 * defaults). Success reloads the app at / (the specification asks for a full reload) and greets the owner
 * there. A wrong email or password is said at the password field (the server's 400); any other failure
 * (unreachable, rate-limited) shows 'Login failed' with the server's answer. "Forgot password?" hands the
 * typed email to the reset form (issue 25).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { ClientResponseError } from "pocketbase";
import { useForm } from "react-hook-form";
import { serverErrorMessage, signIn } from "../../sync/auth";
import { toast, toastAfterReload } from "../../state/toast";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { LoginSchema, type LoginValues } from "./login-schema";
import { AUTH_TEXTS } from "./texts";
import "./auth.css";

export function LoginForm({ onSignedIn, onForgot }: { onSignedIn: () => void; onForgot: (username: string) => void }) {
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(LoginSchema), defaultValues: { username: "", password: "" } });

  const submit = handleSubmit(async ({ username, password }) => {
    try {
      await signIn(username, password);
      toastAfterReload({ title: AUTH_TEXTS.loginSuccessTitle, description: AUTH_TEXTS.loginSuccessDescription });
      onSignedIn();
    } catch (err) {
      if (err instanceof ClientResponseError && err.status === 400) return setError("password", { message: AUTH_TEXTS.wrongCredentials }, { shouldFocus: true });
      toast({ title: AUTH_TEXTS.loginFailed, description: serverErrorMessage(err), variant: "destructive" });
    }
  });

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TextField label={AUTH_TEXTS.usernameLabel} autoComplete="username" error={errors.username?.message} {...register("username")} />
      <TextField
        label={AUTH_TEXTS.passwordLabel}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" disabled={isSubmitting} className="btn-block">
        {isSubmitting ? AUTH_TEXTS.loggingIn : AUTH_TEXTS.login}
      </Button>
      <Button variant="ghost" onClick={() => onForgot(getValues("username"))}>
        {AUTH_TEXTS.forgotPassword}
      </Button>
    </form>
  );
}
