/** Guards the protected routes: a spinner while the session loads, /auth when nobody is signed in. */
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useSession } from "../../state/session";
import { Spinner } from "../../ui/Spinner";
import { AUTH_TEXTS } from "./texts";

export function RequireAuth({ children, ownerOnly = false }: { children: ReactNode; ownerOnly?: boolean }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === "loading") return <Spinner label={AUTH_TEXTS.loadingSession} />;
  if (status === "signed-out") return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  if (ownerOnly && !user?.isStudioOwner) return <Navigate to="/" replace />;
  return <>{children}</>;
}
