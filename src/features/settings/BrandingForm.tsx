/**
 * Branding: the logo (PNG or JPG up to 2 MB, with a preview; uploaded at once, it needs the server), the
 * primary colour (applied to the app's theme as soon as it is saved) and the watermark switch.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { themeColor } from "../../domain/colors";
import { DEFAULT_PRIMARY_COLOR } from "../../domain/records";
import { db } from "../../store/db";
import type { SettingsRow } from "../../store/rows";
import { toast } from "../../state/toast";
import { logoUrl } from "../../domain/studio-logo";
import { uploadLogo } from "../../sync/account";
import { serverErrorMessage } from "../../sync/auth";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { CoverStyleChoice, TypefacesChoice } from "./LookChoice";
import { saveSettings } from "./saveSettings";
import { BrandingSchema, LOGO_MAX_BYTES, LOGO_TYPES, type BrandingInput, type BrandingValues } from "./settings-schema";
import { SETTINGS_TEXTS } from "./texts";
import "./settings.css";

/** Whether the browser decodes the file as an image: a header alone, or bytes that are no image, do not (issue 37). */
async function decodes(file: File): Promise<boolean> {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

function LogoField({ settings }: { settings: SettingsRow }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const shown = preview ?? logoUrl(settings.logo);

  async function onFile(file: File | undefined) {
    if (!file) return;
    const problem = !LOGO_TYPES.includes(file.type) ? SETTINGS_TEXTS.logoWrongType : file.size > LOGO_MAX_BYTES ? SETTINGS_TEXTS.logoTooLarge : !navigator.onLine ? SETTINGS_TEXTS.needsConnection : null;
    if (problem) return toast({ title: SETTINGS_TEXTS.errorLogo, description: problem, variant: "destructive" });
    // Judged by its bytes, as the server judges it (pb_hooks/lib/core/image_files.js guardLogo).
    if (!(await decodes(file))) return toast({ title: SETTINGS_TEXTS.errorLogo, description: SETTINGS_TEXTS.logoUnreadable, variant: "destructive" });
    const url = URL.createObjectURL(file);
    setPreview(url);
    setIsUploading(true);
    try {
      await uploadLogo(db, settings.id, file);
      toast({ title: SETTINGS_TEXTS.logoUpdated });
    } catch (err) {
      setPreview(null);
      toast({ title: SETTINGS_TEXTS.errorLogo, description: serverErrorMessage(err), variant: "destructive" });
    } finally {
      setIsUploading(false);
    }
  }

  return (
    <div className="logo-field">
      <div className="logo-preview">{shown ? <img src={shown} alt={SETTINGS_TEXTS.logo} /> : <span className="muted small">{SETTINGS_TEXTS.noLogo}</span>}</div>
      <div>
        <strong>{SETTINGS_TEXTS.logo}</strong>
        <p className="muted small">{SETTINGS_TEXTS.logoHint}</p>
        <label className={`btn btn-outline${isUploading ? " is-disabled" : ""}`}>
          {isUploading ? SETTINGS_TEXTS.uploadingLogo : SETTINGS_TEXTS.chooseLogo}
          <input type="file" accept="image/png,image/jpeg" hidden disabled={isUploading} data-testid="logo-input" onChange={(e) => void onFile(e.target.files?.[0])} />
        </label>
      </div>
    </div>
  );
}

export function BrandingForm({ settings }: { settings: SettingsRow }) {
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<BrandingInput, unknown, BrandingValues>({
    resolver: zodResolver(BrandingSchema),
    defaultValues: { primaryColor: settings.primaryColor || DEFAULT_PRIMARY_COLOR, enableWatermark: settings.enableWatermark, galleryTheme: settings.galleryTheme || "light", coverStyle: settings.coverStyle || "full", typefaces: settings.typefaces || "system" },
    reValidateMode: "onChange",
  });
  const color = useWatch({ control, name: "primaryColor" });
  return (
    <div className="client-form">
      <LogoField settings={settings} />
      <form
        className="client-form"
        noValidate
        onSubmit={handleSubmit(saveSettings)}
      >
        <div className="color-row">
          <TextField label={SETTINGS_TEXTS.primaryColor} placeholder={DEFAULT_PRIMARY_COLOR} error={errors.primaryColor?.message} {...register("primaryColor")} />
          <input
            type="color"
            aria-label={SETTINGS_TEXTS.colorPicker(SETTINGS_TEXTS.primaryColor)}
            value={themeColor(color)}
            onChange={(e) => setValue("primaryColor", e.target.value, { shouldValidate: true })}
          />
        </div>
        <label className="checkbox">
          <input type="checkbox" {...register("enableWatermark")} />
          {SETTINGS_TEXTS.enableWatermark}
        </label>
        <p className="muted small">{SETTINGS_TEXTS.watermarkHint}</p>
        <div className="field">
          <label htmlFor="galleryTheme">{SETTINGS_TEXTS.galleryTheme}</label>
          <select id="galleryTheme" aria-describedby="galleryThemeHint" {...register("galleryTheme")}>
            <option value="light">{SETTINGS_TEXTS.themeLight}</option>
            <option value="dark">{SETTINGS_TEXTS.themeDark}</option>
          </select>
          <p className="muted small" id="galleryThemeHint">
            {SETTINGS_TEXTS.galleryThemeHint}
          </p>
        </div>
        <CoverStyleChoice input={register("coverStyle")} />
        <TypefacesChoice input={register("typefaces")} />
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? SETTINGS_TEXTS.saving : SETTINGS_TEXTS.saveBranding}
          </Button>
        </div>
      </form>
    </div>
  );
}
