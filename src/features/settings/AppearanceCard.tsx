/**
 * Settings > Appearance (issue 27): the owner's app in light or dark on this device; by default the device's
 * own (prefers-color-scheme). A choice applies at once (src/state/appearance.ts).
 */
import { useId, useState } from "react";
import { chooseAppearance, chosenAppearance, isAppearance, type Appearance } from "../../state/appearance";
import "./settings.css";
import { SETTINGS_TEXTS } from "./texts";

const LABELS: Record<Appearance, string> = { system: SETTINGS_TEXTS.appearanceSystem, light: SETTINGS_TEXTS.themeLight, dark: SETTINGS_TEXTS.themeDark };

export function AppearanceCard() {
  const id = useId();
  const [appearance, setAppearance] = useState(chosenAppearance);
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{SETTINGS_TEXTS.appearanceTitle}</h2>
      <label className="field" htmlFor={id}>
        <span>{SETTINGS_TEXTS.appearanceLabel}</span>
        <select
          id={id}
          value={appearance}
          onChange={(e) => {
            if (!isAppearance(e.target.value)) return;
            chooseAppearance(e.target.value);
            setAppearance(e.target.value);
          }}
        >
          {(Object.keys(LABELS) as Appearance[]).map((value) => (
            <option key={value} value={value}>
              {LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <p className="muted">{SETTINGS_TEXTS.appearanceHint}</p>
    </section>
  );
}
