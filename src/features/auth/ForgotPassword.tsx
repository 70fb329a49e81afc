/**
 * "Forgot password?" on the sign-in card: asks PocketBase to email a reset link (issue 25). When the
 * server has no email it says so plainly, with the command that sets a new password on the server. The
 * answer after sending never says whether the address is an account.
 */
import { useEffect, useState, type FormEvent } from "react";
import { canEmailResetLink, requestPasswordReset } from "../../sync/passwordReset";
import { serverErrorMessage } from "../../sync/auth";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { AUTH_TEXTS } from "./texts";

type Phase = "checking" | "no-email" | "form" | "sending" | "sent";

export function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [phase, setPhase] = useState<Phase>("checking");
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void canEmailResetLink().then((ok) => live && setPhase(ok ? "form" : "no-email"));
    return () => {
      live = false;
    };
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setError(AUTH_TEXTS.emailInvalid);
    setError(null);
    setPhase("sending");
    try {
      await requestPasswordReset(email);
      setPhase("sent");
    } catch (err) {
      setError(`${AUTH_TEXTS.resetRequestFailed}: ${serverErrorMessage(err)}`);
      setPhase("form");
    }
  };

  return (
    <section className="auth-forgot" aria-labelledby="forgot-heading">
      <h2 id="forgot-heading">{AUTH_TEXTS.resetHeading}</h2>
      {phase === "no-email" && <p role="status">{AUTH_TEXTS.noEmail}</p>}
      {phase === "sent" && <p role="status">{AUTH_TEXTS.resetLinkSent}</p>}
      {(phase === "form" || phase === "sending") && (
        <form className="stack" onSubmit={submit} noValidate>
          <p className="muted">{AUTH_TEXTS.resetIntro}</p>
          <TextField label={AUTH_TEXTS.emailLabel} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} error={error ?? undefined} />
          <Button type="submit" disabled={phase === "sending"} className="btn-block">
            {phase === "sending" ? AUTH_TEXTS.sendingResetLink : AUTH_TEXTS.sendResetLink}
          </Button>
        </form>
      )}
      <Button variant="ghost" onClick={onBack}>
        {AUTH_TEXTS.backToSignIn}
      </Button>
    </section>
  );
}
