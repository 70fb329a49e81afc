/** /auth: the sign-in screen over a particle background. Signed-in users go to /. */
import { useState } from "react";
import { Navigate } from "react-router-dom";
import { ForgotPassword } from "../../features/auth/ForgotPassword";
import { AUTH_TEXTS } from "../../features/auth/texts";
import { LoginForm } from "../../features/auth/LoginForm";
import { useSession } from "../../state/session";
import { Logo } from "../../ui/Logo";
import { ParticleCanvas } from "../../ui/ParticleCanvas";
import { Spinner } from "../../ui/Spinner";
import { SHELL_TEXTS } from "../../features/shell/texts";

export function AuthRoute() {
  const status = useSession((s) => s.status);
  const [forgotFor, setForgotFor] = useState<string | null>(null);
  if (status === "loading") return <Spinner />;
  if (status === "signed-in") return <Navigate to="/" replace />;
  return (
    <main className="auth-screen">
      <ParticleCanvas />
      <section className="auth-card card">
        <Logo alt={SHELL_TEXTS.studioLogo} size={64} />
        <h1>{AUTH_TEXTS.heading}</h1>
        <p className="muted">{AUTH_TEXTS.subtitle}</p>
        {/* The specification asks for a full reload on success. */}
        {forgotFor === null ? (
          <LoginForm onSignedIn={() => window.location.assign("/")} onForgot={setForgotFor} />
        ) : (
          <ForgotPassword initialEmail={forgotFor} onBack={() => setForgotFor(null)} />
        )}
      </section>
    </main>
  );
}
