/**
 * The sign-in form. Validated on submit and again on every change after that (react-hook-form's
 * defaults). Success reloads the app at / (the specification asks for a full reload) and greets the owner
 * there; failure shows 'Login failed' with the server's answer.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { serverErrorMessage, signIn } from "../../sync/auth";
import { toast, toastAfterReload } from "../../state/toast";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { LoginSchema, type LoginValues } from "./login-schema";
import { AUTH_TEXTS } from "./texts";
import "./auth.css";

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(LoginSchema), defaultValues: { username: "", password: "" } });

  const submit = handleSubmit(async ({ username, password }) => {
    try {
      await signIn(username, password);
      toastAfterReload({ title: AUTH_TEXTS.loginSuccessTitle, description: AUTH_TEXTS.loginSuccessDescription });
      onSignedIn();
    } catch (err) {
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
    </form>
  );
}
