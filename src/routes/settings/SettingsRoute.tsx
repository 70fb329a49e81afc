/** /settings: General, Security and Branding tabs, this device's storage, and About (the licences). */
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { AboutCard } from "../../features/settings/AboutCard";
import { BrandingForm } from "../../features/settings/BrandingForm";
import { DeviceStorageCard } from "../../features/settings/DeviceStorageCard";
import { GeneralForm } from "../../features/settings/GeneralForm";
import { AppearanceCard } from "../../features/settings/AppearanceCard";
import { CodeOnlyPageCard } from "../../features/settings/CodeOnlyPageCard";
import { LanguageCard } from "../../features/settings/LanguageCard";
import { PasswordForm, UsernameForm } from "../../features/settings/SecurityForms";
import { SETTINGS_TEXTS } from "../../features/settings/texts";
import { useSettingsRow } from "../../features/settings/useSettingsRow";
import { BackLink } from "../../features/shell/BackLink";
import { onTabKeys } from "../../ui/tabKeys";
import { TrashDaysCard } from "../../features/trash/TrashDaysCard";

type Tab = "general" | "security" | "branding";
const TABS: Array<[Tab, string]> = [
  ["general", SETTINGS_TEXTS.tabGeneral],
  ["security", SETTINGS_TEXTS.tabSecurity],
  ["branding", SETTINGS_TEXTS.tabBranding],
];

export function SettingsRoute() {
  // `?tab=security`: the dashboard's way to the code-only page's card.
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get("tab") === "security" ? "security" : "general");
  const settings = useSettingsRow();
  const needsSettings = tab !== "security";
  return (
    <main className="page narrow">
      <BackLink to="/" label={SETTINGS_TEXTS.back} />
      <h1>{SETTINGS_TEXTS.title}</h1>
      <div className="tabs" role="tablist" onKeyDown={onTabKeys}>
        {TABS.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} tabIndex={tab === id ? 0 : -1} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      <section className="card" role="tabpanel">
        {needsSettings && settings === undefined ? (
          <span className="skeleton skeleton-row" aria-label={SETTINGS_TEXTS.loadingSettings} />
        ) : needsSettings && settings === null ? (
          <p className="muted">{SETTINGS_TEXTS.notLoaded}</p>
        ) : tab === "general" ? (
          <GeneralForm key={settings!.id} settings={settings!} />
        ) : tab === "branding" ? (
          <BrandingForm key={settings!.id} settings={settings!} />
        ) : (
          <div className="client-form">
            <UsernameForm />
            <PasswordForm />
            <CodeOnlyPageCard />
          </div>
        )}
      </section>
      {tab === "general" && settings ? <TrashDaysCard key={settings.id} trashDays={settings.trashDays ?? 0} /> : null}
      <LanguageCard />
      <AppearanceCard />
      <DeviceStorageCard />
      <AboutCard />
    </main>
  );
}
