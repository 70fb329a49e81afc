/**
 * Entry of the visitor's pages (gallery.html, served for /gallery/*): no owner code, no manifest, no update
 * prompt, and no zod (its answers are checked by src/lib/guards.ts, issue 43), so no jitless switch either.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { VISITOR_NAMESPACES, startLocale, visitorLocale } from "./locale";
import { registerVisitorServiceWorker } from "./registerVisitorServiceWorker";
import { startFirstRequest } from "../features/visitor-gallery/firstRequest";
import "../ui/tokens.css";
import "../ui/base.css";

registerVisitorServiceWorker();
// The gallery's first request, and the cover photo from its answer, while the catalogue and the app load.
startFirstRequest();
// Only the visitor's namespaces, in only their language (English needs no catalogue).
await startLocale(visitorLocale(), VISITOR_NAMESPACES);
const { VisitorApp } = await import("./VisitorApp");
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <VisitorApp />
  </StrictMode>,
);
