/**
 * The sign-in and the password reset (/auth, /auth/reset-password/:token) as their own chunk (issue 43): a
 * signed-out browser loads only these, never the owner's app (its store, sync and screens). A session kept
 * on this device goes on to / at once, where the owner's app takes it (useSessionBootstrap).
 */
import { useEffect } from "react";
import { Route, Routes } from "react-router-dom";
import { AuthRoute } from "../routes/auth/AuthRoute";
import { ResetPasswordRoute } from "../routes/auth/ResetPasswordRoute";
import { useSession } from "../state/session";
import { hasStoredSession } from "./storedSession";

export default function SignInApp() {
  useEffect(() => {
    // AuthRoute sends a signed-in device on to /; the owner's app then checks the session with the server.
    if (!hasStoredSession()) useSession.getState().setSignedOut();
    else if (useSession.getState().status === "loading") window.location.replace("/");
  }, []);
  return (
    <Routes>
      <Route index element={<AuthRoute />} />
      <Route path="reset-password/:token" element={<ResetPasswordRoute />} />
    </Routes>
  );
}
