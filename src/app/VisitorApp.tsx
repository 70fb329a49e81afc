/**
 * The visitor's router: the gallery's pages only. A link out of /gallery/ (such as 'Return Home') is a
 * full page load, because the owner's app is another entry (index.html) this bundle does not contain.
 */
import { lazy, Suspense, useEffect } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router-dom";
import { Spinner } from "../ui/Spinner";
import { ReloadBoundary } from "./ReloadBoundary";
import { ToastHost } from "./ToastHost";

const GalleryAccessRoute = lazy(() => import("../routes/gallery/GalleryAccessRoute"));
const ClientGalleryRoute = lazy(() => import("../routes/gallery/ClientGalleryRoute"));

/** Leaves the visitor's bundle for a page it does not have. */
function LeaveForOwnerApp() {
  const location = useLocation();
  useEffect(() => window.location.assign(location.pathname + location.search + location.hash), [location]);
  return <Spinner />;
}

export function VisitorApp() {
  return (
    <BrowserRouter>
      <ReloadBoundary>
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route path="/gallery/access" element={<GalleryAccessRoute />} />
            <Route path="/gallery/:accessUrl" element={<ClientGalleryRoute />} />
            <Route path="*" element={<LeaveForOwnerApp />} />
          </Routes>
        </Suspense>
      </ReloadBoundary>
      <ToastHost />
    </BrowserRouter>
  );
}
