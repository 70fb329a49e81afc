/** The client form of /clients/new and the Client Details tab. */
import { LOCALES, LOCALE_NAMES } from "../../lib/i18n/locales";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { generateAccessCode } from "../../domain/access";
import { accessCodeStrength } from "../../domain/contract";
import { DOWNLOAD_MODES, EVENT_TYPES, ORIGINALS_AS } from "../../domain/records";
import { Button } from "../../ui/Button";
import { CoverStyleChoice, TypefacesChoice } from "../settings/LookChoice";
import { TextField } from "../../ui/TextField";
import type { ClientFieldErrors } from "./actions";
import { ClientFormSchema, type ClientFormValues } from "./client-schema";
import { CLIENT_TEXTS } from "./texts";
import "./clients.css";

interface Props {
  defaults: ClientFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** Resolves with field errors to show (e.g. a code another client has), or nothing. */
  onSubmit: (values: ClientFormValues) => Promise<ClientFieldErrors | void | undefined>;
  /** The server's refusals of this client's waiting changes, by field. */
  serverErrors?: Record<string, string>;
  /** Another client has the same code (from before codes were unique). */
  codeShared?: boolean;
  /** How far this gallery's full-size JPEGs are (Client Details only). */
  jpegStatus?: ReactNode;
}

export function ClientForm({ defaults, submitLabel, pendingLabel, onSubmit, serverErrors = {}, codeShared = false, jpegStatus = null }: Props) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
    // `values` follows the client as sync changes it elsewhere; fields the owner is editing keep their input.
  } = useForm<ClientFormValues>({ resolver: zodResolver(ClientFormSchema), defaultValues: defaults, values: defaults, resetOptions: { keepDirtyValues: true } });
  const code = useWatch({ control, name: "accessCode" });
  const isDirtyCode = code !== defaults.accessCode;
  const strength = accessCodeStrength(code);
  return (
    <form
      className="client-form"
      onSubmit={handleSubmit(async (values) => {
        const fieldErrors = await onSubmit(values);
        for (const [field, message] of Object.entries(fieldErrors ?? {})) setError(field as keyof ClientFormValues, { message });
      })}
      noValidate
    >
      <TextField label={CLIENT_TEXTS.fieldName} autoComplete="off" error={errors.name?.message} {...register("name")} />
      <TextField label={CLIENT_TEXTS.fieldEmail} type="email" autoComplete="off" error={errors.email?.message} {...register("email")} />
      <div className="field">
        <label htmlFor="eventType">{CLIENT_TEXTS.fieldEventType}</label>
        <select id="eventType" {...register("eventType")}>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {CLIENT_TEXTS.eventType(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="form-row">
        <TextField label={CLIENT_TEXTS.fieldEventDate} type="date" error={errors.eventDate?.message} {...register("eventDate")} />
        <TextField label={CLIENT_TEXTS.fieldExpirationDate} type="date" error={errors.expirationDate?.message} {...register("expirationDate")} />
      </div>
      <div className="form-row">
        <div className="field-group">
          <TextField
            label={CLIENT_TEXTS.fieldAccessCode}
            autoComplete="off"
            error={errors.accessCode?.message ?? (isDirtyCode ? undefined : serverErrors.accessCode)}
            {...register("accessCode")}
          />
          <Button type="button" variant="outline" onClick={() => setValue("accessCode", generateAccessCode(), { shouldDirty: true, shouldValidate: true })}>
            {CLIENT_TEXTS.generateCode}
          </Button>
          {strength === "weak" ? <p className="field-warning">{CLIENT_TEXTS.weakCode}</p> : null}
          {codeShared && !isDirtyCode ? <p className="field-warning" role="status">{CLIENT_TEXTS.sharedCode}</p> : null}
        </div>
        <TextField label={CLIENT_TEXTS.fieldAccessUrl} autoComplete="off" placeholder={CLIENT_TEXTS.accessUrlPlaceholder} error={errors.accessUrl?.message} {...register("accessUrl")} />
      </div>
      <div className="field">
        <label htmlFor="notes">{CLIENT_TEXTS.fieldNotes}</label>
        <textarea id="notes" rows={3} {...register("notes")} />
      </div>
      <label className="checkbox">
        <input type="checkbox" {...register("enabled")} /> {CLIENT_TEXTS.galleryEnabled}
      </label>
      <label className="checkbox">
        <input type="checkbox" {...register("noReminders")} /> {CLIENT_TEXTS.noReminders}
      </label>
      <fieldset className="form-section">
        <legend>{CLIENT_TEXTS.deliveryTitle}</legend>
        <div className="form-row">
          <div className="field">
            <label htmlFor="downloadMode">{CLIENT_TEXTS.downloadsLabel}</label>
            <select id="downloadMode" aria-describedby="downloadModeHint" {...register("downloadMode")}>
              {DOWNLOAD_MODES.map((m) => (
                <option key={m} value={m}>
                  {CLIENT_TEXTS.downloadModes[m]}
                </option>
              ))}
            </select>
            <p className="muted small" id="downloadModeHint">
              {CLIENT_TEXTS.downloadsHint}
            </p>
          </div>
          <TextField
            label={CLIENT_TEXTS.downloadPinLabel}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            placeholder={CLIENT_TEXTS.downloadPinPlaceholder}
            hint={CLIENT_TEXTS.downloadPinHint}
            error={errors.downloadPin?.message ?? serverErrors.downloadPin}
            {...register("downloadPin")}
          />
        </div>
        <div className="field">
          <label htmlFor="originalsAs">{CLIENT_TEXTS.originalsAsLabel}</label>
          <select id="originalsAs" aria-describedby="originalsAsHint" {...register("originalsAs")}>
            {ORIGINALS_AS.map((m) => (
              <option key={m} value={m}>
                {CLIENT_TEXTS.originalsAs[m]}
              </option>
            ))}
          </select>
          <p className="muted small" id="originalsAsHint">
            {CLIENT_TEXTS.originalsAsHint}
          </p>
          {jpegStatus}
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{CLIENT_TEXTS.lookTitle}</legend>
        <div className="field">
          <label htmlFor="galleryLanguage">{CLIENT_TEXTS.languageLabel}</label>
          <select id="galleryLanguage" aria-describedby="galleryLanguageHint" {...register("language")}>
            <option value="">{CLIENT_TEXTS.languageVisitor}</option>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
          <p className="muted small" id="galleryLanguageHint">
            {CLIENT_TEXTS.languageHint}
          </p>
        </div>
        <div className="field">
          <label htmlFor="galleryTheme">{CLIENT_TEXTS.themeLabel}</label>
          <select id="galleryTheme" {...register("galleryTheme")}>
            <option value="">{CLIENT_TEXTS.themeStudio}</option>
            <option value="light">{CLIENT_TEXTS.themeLight}</option>
            <option value="dark">{CLIENT_TEXTS.themeDark}</option>
          </select>
        </div>
        <CoverStyleChoice input={register("coverStyle")} withStudio />
        <TypefacesChoice input={register("typefaces")} withStudio />
      </fieldset>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
