/**
 * The router. The visitor gallery and the owner's app are separate chunks: a client opening a gallery link
 * downloads only what the gallery needs (React, the router, the gallery screens).
 */
import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { Spinner } from "../ui/Spinner";
import { ToastHost } from "./ToastHost";
import { UpdatePrompt } from "./UpdatePrompt";

const OwnerApp = lazy(() => import("./OwnerApp"));
const GalleryAccessRoute = lazy(() => import("../routes/gallery/GalleryAccessRoute"));
const ClientGalleryRoute = lazy(() => import("../routes/gallery/ClientGalleryRoute"));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path="/gallery/access" element={<GalleryAccessRoute />} />
          <Route path="/gallery/:accessUrl" element={<ClientGalleryRoute />} />
          <Route path="*" element={<OwnerApp />} />
        </Routes>
      </Suspense>
      <ToastHost />
      <UpdatePrompt />
    </BrowserRouter>
  );
}
