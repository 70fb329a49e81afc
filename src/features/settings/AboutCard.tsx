/**
 * Settings > About: the app's licence (AGPL-3.0-or-later) and the third-party notices the build writes
 * (dist/THIRD_PARTY_LICENSES.txt, vite-plugin-licences.ts), both plain files the server serves beside the app.
 */
import "./settings.css";
import { SETTINGS_TEXTS } from "./texts";

/** Served from dist/ by the server; the service worker lets .txt navigations through to it (workers/sw.ts). */
export const LICENCE_URL = "/LICENSE.txt";
export const THIRD_PARTY_URL = "/THIRD_PARTY_LICENSES.txt";

export function AboutCard() {
  return (
    <section className="card" data-testid="settings-about" aria-labelledby="settings-about-title">
      <h2 id="settings-about-title">{SETTINGS_TEXTS.aboutTitle}</h2>
      <p>{SETTINGS_TEXTS.aboutLicence}</p>
      <p className="muted">{SETTINGS_TEXTS.thirdPartyHint}</p>
      <p className="about-links">
        <a href={LICENCE_URL} target="_blank" rel="noreferrer">
          {SETTINGS_TEXTS.licenceLink}
        </a>
        <a href={THIRD_PARTY_URL} target="_blank" rel="noreferrer">
          {SETTINGS_TEXTS.thirdPartyLink}
        </a>
      </p>
    </section>
  );
}
