/** Entry of the visitor's pages (gallery.html, served for /gallery/*): no owner code, no manifest, no update prompt. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { registerVisitorServiceWorker } from "./registerVisitorServiceWorker";
import { VisitorApp } from "./VisitorApp";
import "../ui/tokens.css";
import "../ui/base.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <VisitorApp />
  </StrictMode>,
);
registerVisitorServiceWorker();
