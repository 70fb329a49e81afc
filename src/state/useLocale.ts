/** The active locale as React state: a component that keys its tree on it shows every text again after a switch. */
import { useSyncExternalStore } from "react";
import { activeLocale, onLocaleChange } from "../lib/i18n/i18n";

export function useLocale(): string {
  return useSyncExternalStore(onLocaleChange, activeLocale, activeLocale);
}
