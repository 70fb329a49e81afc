/** General: company name, email, website URL; saved to the device and synced. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { SettingsRow } from "../../store/rows";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { saveSettings } from "./saveSettings";
import { GeneralSchema, type GeneralValues } from "./settings-schema";
import { SETTINGS_TEXTS } from "./texts";

export function GeneralForm({ settings }: { settings: SettingsRow }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<GeneralValues>({
    resolver: zodResolver(GeneralSchema),
    defaultValues: { companyName: settings.companyName, email: settings.email, websiteUrl: settings.websiteUrl },
  });
  return (
    <form
      className="client-form"
      noValidate
      onSubmit={handleSubmit(saveSettings)}
    >
      <TextField label={SETTINGS_TEXTS.companyName} error={errors.companyName?.message} {...register("companyName")} />
      <TextField label={SETTINGS_TEXTS.email} type="email" error={errors.email?.message} {...register("email")} />
      <TextField label={SETTINGS_TEXTS.websiteUrl} type="url" placeholder="https://" error={errors.websiteUrl?.message} {...register("websiteUrl")} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? SETTINGS_TEXTS.saving : SETTINGS_TEXTS.save}
        </Button>
      </div>
    </form>
  );
}
