/** /auth/reset-password/:token: where the password-reset email leads; then on to /auth to sign in. */
import { useNavigate, useParams } from "react-router-dom";
import { AUTH_TEXTS } from "../../features/auth/texts";
import { ResetPasswordForm } from "../../features/auth/ResetPasswordForm";
import { SHELL_TEXTS } from "../../features/shell/texts";
import { Logo } from "../../ui/Logo";

export function ResetPasswordRoute() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  return (
    <main className="auth-screen">
      <section className="auth-card card">
        <Logo alt={SHELL_TEXTS.studioLogo} size={64} />
        <h1>{AUTH_TEXTS.resetHeading}</h1>
        <ResetPasswordForm token={token} onDone={() => navigate("/auth", { replace: true })} />
      </section>
    </main>
  );
}
