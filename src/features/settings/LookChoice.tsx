/**
 * The gallery look pickers (issue 27) of Settings > Branding and the client form: the cover style and the
 * typeface pairing as radio cards, each with a small picture of what it chooses (a sketch of the cover; "Aa"
 * set in the pairing's heading and body faces). The client form adds "the studio's" (""), which follows Settings.
 */
import { useEffect, useId, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { COVER_STYLES, TYPEFACES, type CoverStyle, type Typefaces } from "../../domain/records";
import { addPairing, PAIRINGS, type PairingName } from "../../ui/typefaces/typefaces";
import { SETTINGS_TEXTS } from "./texts";
import "./settings.css";

interface Option {
  value: string;
  label: string;
  detail?: string;
  hint: ReactNode;
}

function LookChoice({ legend, hint, options, input }: { legend: string; hint?: string; options: Option[]; input: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <fieldset className="look-choice" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{legend}</legend>
      <div className="look-cards">
        {options.map((o) => (
          <label className="look-card" key={o.value}>
            <input type="radio" value={o.value} {...input} />
            <span className="look-hint" aria-hidden="true">
              {o.hint}
            </span>
            <span className="look-label">{o.label}</span>
            {o.detail ? <span className="look-detail">{o.detail}</span> : null}
          </label>
        ))}
      </div>
      {hint ? (
        <p className="muted small" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

/** "" in the client form: the studio's default, whatever Settings > Branding says now. */
const STUDIO_OPTION = (): Option => ({ value: "", label: SETTINGS_TEXTS.lookStudio, detail: SETTINGS_TEXTS.lookStudioDetail, hint: <span className="look-studio">…</span> });
/** The type sample: the same two letters in every language (a type specimen, not a text). */
const SAMPLE = "Aa";

/** Cover style: "full", "split", "minimal"; with `withStudio`, also "" (the studio's). */
export function CoverStyleChoice({ input, withStudio = false }: { input: UseFormRegisterReturn; withStudio?: boolean }) {
  const options: Option[] = COVER_STYLES.map((style: CoverStyle) => ({
    value: style,
    label: SETTINGS_TEXTS.coverStyles[style],
    hint: (
      <span className={`cover-sketch is-${style}`}>
        <span className="cover-sketch-photo" />
        <span className="cover-sketch-lines" />
      </span>
    ),
  }));
  if (withStudio) options.unshift(STUDIO_OPTION());
  return <LookChoice legend={SETTINGS_TEXTS.coverStyleLabel} hint={withStudio ? undefined : SETTINGS_TEXTS.coverStyleHint} options={options} input={input} />;
}

/** Typeface pairing: "system" and the three pairings; with `withStudio`, also "" (the studio's). Loads the pairings' fonts for the samples. */
export function TypefacesChoice({ input, withStudio = false }: { input: UseFormRegisterReturn; withStudio?: boolean }) {
  useEffect(() => {
    for (const name of Object.keys(PAIRINGS) as PairingName[]) void addPairing(name).catch(() => undefined); // offline: the samples fall back
  }, []);
  const options: Option[] = TYPEFACES.map((name: Typefaces) => {
    const pairing = name === "system" ? null : PAIRINGS[name];
    return {
      value: name,
      label: SETTINGS_TEXTS.typefaces[name],
      detail: pairing ? pairing.names : SETTINGS_TEXTS.typefacesSystemDetail,
      hint: (
        <span className="type-sample">
          <span style={pairing ? { fontFamily: pairing.heading, fontWeight: pairing.headingWeight } : undefined}>{SAMPLE}</span>
          <span style={pairing ? { fontFamily: pairing.body } : undefined}>{SAMPLE}</span>
        </span>
      ),
    };
  });
  if (withStudio) options.unshift(STUDIO_OPTION());
  return <LookChoice legend={SETTINGS_TEXTS.typefacesLabel} hint={withStudio ? undefined : SETTINGS_TEXTS.typefacesHint} options={options} input={input} />;
}
