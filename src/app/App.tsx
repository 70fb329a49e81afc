/**
 * The owner's router. The visitor's gallery is another entry (gallery.html, VisitorApp.tsx) that the server
 * serves for /gallery/*, so a client opening a gallery link never downloads the owner's app. Nor does a
 * signed-out browser (issue 43): the sign-in is a chunk of its own, and every other path sends it there.
 */
import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router-dom";
import { Spinner } from "../ui/Spinner";
import { ReloadBoundary } from "./ReloadBoundary";
import { ToastHost } from "./ToastHost";
import { UpdatePrompt } from "./UpdatePrompt";
import { hasStoredSession } from "./storedSession";

const OwnerApp = lazy(() => import("./OwnerApp"));
const SignInApp = lazy(() => import("./SignInApp"));

export function App() {
  return (
    <BrowserRouter>
      <ReloadBoundary>
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route path="/auth/*" element={<SignInApp />} />
            <Route path="*" element={hasStoredSession() ? <OwnerApp /> : <Navigate to="/auth" replace />} />
          </Routes>
        </Suspense>
      </ReloadBoundary>
      <ToastHost />
      <UpdatePrompt />
    </BrowserRouter>
  );
}
