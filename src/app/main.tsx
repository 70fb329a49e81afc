/** Entry: mounts the app and registers the service worker. */
import "../lib/jitlessSchemas";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ownerLocale, startLocale } from "./locale";
import { keepFileDropsInApp } from "./fileDrops";
import { registerServiceWorker } from "./registerServiceWorker";
import { applyAppearance } from "../state/appearance";
import "../ui/tokens.css";
import "../ui/base.css";

// Light or dark as this device chose: public/appearance.js, in index.html's head, did it before the first
// frame; this applies the same choice again where that script did not run (a test page, an old cached page).
applyAppearance();
// The service worker first: offline use must not wait for anything else.
registerServiceWorker();
keepFileDropsInApp();
// The catalogue of the owner's language first (English has none to wait for), then the app, whose modules
// may read their texts as they load.
await startLocale(ownerLocale());
const { App } = await import("./App");
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
