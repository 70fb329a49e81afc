/** General: company name, email, website URL, gallery address (checked), time zone; saved to the device and synced. */
import { LOCALES, LOCALE_NAMES, isLocale } from "../../lib/i18n/locales";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { DEFAULT_ORIGINAL_MB, DEFAULT_VIDEO_MB, MAX_VIDEO_MB } from "../../domain/original-limit";
import { deviceTimeZone } from "../../domain/time-zone";
import { db } from "../../store/db";
import { updateSettings } from "../../store/repositories/settings";
import type { SettingsRow } from "../../store/rows";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { checkGalleryAddress, galleryBase, type AddressCheck } from "./galleryAddress";
import { saveSettings } from "./saveSettings";
import { GeneralSchema, clipLimitField, type GeneralValues } from "./settings-schema";
import { TestEmailButton } from "./TestEmailButton";
import { SETTINGS_TEXTS } from "./texts";
import "./settings.css";

export function GeneralForm({ settings }: { settings: SettingsRow }) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<GeneralValues>({
    resolver: zodResolver(GeneralSchema),
    defaultValues: {
      companyName: settings.companyName,
      email: settings.email,
      websiteUrl: settings.websiteUrl,
      galleryUrl: settings.galleryUrl ?? "",
      timeZone: settings.timeZone || deviceTimeZone(),
      emailTemplate: settings.emailTemplate ?? "",
      noReminders: settings.noReminders ?? false,
      maxOriginalMB: settings.maxOriginalMB || DEFAULT_ORIGINAL_MB,
      maxVideoMB: settings.maxVideoMB || DEFAULT_VIDEO_MB,
      language: isLocale(settings.language) ? settings.language : "",
    },
  });
  // The studio's time zone starts as the owner's device's, the first time the owner opens the settings.
  useEffect(() => {
    if (!settings.timeZone) void updateSettings(db, { timeZone: deviceTimeZone() }).catch(() => undefined);
  }, [settings.timeZone]);
  const [check, setCheck] = useState<{ base: string; result: AddressCheck | null } | null>(null);
  async function runCheck() {
    const base = galleryBase(getValues("galleryUrl").trim(), window.location.origin);
    setCheck({ base, result: null });
    setCheck({ base, result: await checkGalleryAddress(base) });
  }
  return (
    <form
      className="client-form"
      noValidate
      onSubmit={handleSubmit(saveSettings)}
    >
      <TextField label={SETTINGS_TEXTS.companyName} error={errors.companyName?.message} {...register("companyName")} />
      <TextField label={SETTINGS_TEXTS.email} type="email" error={errors.email?.message} {...register("email")} />
      <TextField label={SETTINGS_TEXTS.websiteUrl} type="url" placeholder={SETTINGS_TEXTS.urlPlaceholder} error={errors.websiteUrl?.message} {...register("websiteUrl")} />
      <p className="muted small">{SETTINGS_TEXTS.websiteUrlHint}</p>
      <TextField label={SETTINGS_TEXTS.galleryUrl} type="url" placeholder={window.location.origin} error={errors.galleryUrl?.message} {...register("galleryUrl")} />
      <p className="muted small">{SETTINGS_TEXTS.galleryUrlHint(window.location.origin)}</p>
      <div className="address-check">
        <Button type="button" variant="outline" onClick={() => void runCheck()} disabled={!!check && !check.result}>
          {check && !check.result ? SETTINGS_TEXTS.checkingGalleryUrl : SETTINGS_TEXTS.checkGalleryUrl}
        </Button>
        {check?.result ? (
          <span role="status" data-testid="gallery-address-check" className={check.result.ok ? "check-ok" : "form-error"}>
            {check.result.ok ? SETTINGS_TEXTS.galleryUrlOk(check.base) : SETTINGS_TEXTS.galleryUrlBad(check.base, check.result.why)}
          </span>
        ) : null}
      </div>
      <label className="field" htmlFor="studioLanguage">
        <span>{SETTINGS_TEXTS.studioLanguage}</span>
        <select id="studioLanguage" aria-describedby="studioLanguageHint" {...register("language")}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale === "en" ? "" : locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
      </label>
      <p className="muted small" id="studioLanguageHint">
        {SETTINGS_TEXTS.studioLanguageHint}
      </p>
      <TextField label={SETTINGS_TEXTS.timeZone} autoComplete="off" error={errors.timeZone?.message} {...register("timeZone")} />
      <p className="muted small">{SETTINGS_TEXTS.timeZoneHint}</p>
      <div className="field">
        <label htmlFor="emailTemplate">{SETTINGS_TEXTS.emailTemplate}</label>
        <textarea id="emailTemplate" rows={6} placeholder={SETTINGS_TEXTS.defaultEmailTemplate} aria-describedby="emailTemplateHint" {...register("emailTemplate")} />
      </div>
      <p className="muted small" id="emailTemplateHint">
        {SETTINGS_TEXTS.emailTemplateHint}
      </p>
      <label className="checkbox">
        <input type="checkbox" {...register("noReminders")} /> {SETTINGS_TEXTS.noReminders}
      </label>
      <TestEmailButton />
      <TextField
        label={SETTINGS_TEXTS.maxOriginal}
        type="number"
        min={1}
        max={200}
        step={1}
        error={errors.maxOriginalMB?.message}
        aria-describedby="maxOriginalHint"
        {...register("maxOriginalMB", { valueAsNumber: true })}
      />
      <p className="muted small" id="maxOriginalHint">
        {SETTINGS_TEXTS.maxOriginalHint}
      </p>
      <TextField
        label={SETTINGS_TEXTS.maxVideo}
        type="number"
        min={0}
        max={MAX_VIDEO_MB}
        step={1}
        error={errors.maxVideoMB?.message}
        aria-describedby="maxVideoHint"
        {...register("maxVideoMB", { setValueAs: clipLimitField })}
      />
      <p className="muted small" id="maxVideoHint">
        {SETTINGS_TEXTS.maxVideoHint}
      </p>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? SETTINGS_TEXTS.saving : SETTINGS_TEXTS.save}
        </Button>
      </div>
    </form>
  );
}
