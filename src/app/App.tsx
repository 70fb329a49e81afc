/**
 * The owner's router. The visitor's gallery is another entry (gallery.html, VisitorApp.tsx) that the server
 * serves for /gallery/*, so a client opening a gallery link never downloads the owner's app.
 */
import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { Spinner } from "../ui/Spinner";
import { ReloadBoundary } from "./ReloadBoundary";
import { ToastHost } from "./ToastHost";
import { UpdatePrompt } from "./UpdatePrompt";

const OwnerApp = lazy(() => import("./OwnerApp"));

export function App() {
  return (
    <BrowserRouter>
      <ReloadBoundary>
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route path="*" element={<OwnerApp />} />
          </Routes>
        </Suspense>
      </ReloadBoundary>
      <ToastHost />
      <UpdatePrompt />
    </BrowserRouter>
  );
}
