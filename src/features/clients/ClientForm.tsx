/** The client form of /clients/new and the Client Details tab. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { EVENT_TYPES } from "../../domain/records";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { ClientFormSchema, type ClientFormValues } from "./client-schema";

interface Props {
  defaults: ClientFormValues;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: ClientFormValues) => Promise<void>;
}

export function ClientForm({ defaults, submitLabel, pendingLabel, onSubmit }: Props) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
    // `values` follows the client as sync changes it elsewhere; fields the owner is editing keep their input.
  } = useForm<ClientFormValues>({ resolver: zodResolver(ClientFormSchema), defaultValues: defaults, values: defaults, resetOptions: { keepDirtyValues: true } });
  return (
    <form className="client-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register("name")} />
      <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register("email")} />
      <div className="field">
        <label htmlFor="eventType">Event Type</label>
        <select id="eventType" {...register("eventType")}>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <div className="form-row">
        <TextField label="Event Date" type="date" error={errors.eventDate?.message} {...register("eventDate")} />
        <TextField label="Expiration Date" type="date" error={errors.expirationDate?.message} {...register("expirationDate")} />
      </div>
      <div className="form-row">
        <TextField label="Access Code" autoComplete="off" error={errors.accessCode?.message} {...register("accessCode")} />
        <TextField label="Access URL (optional)" autoComplete="off" placeholder="Generated when blank" error={errors.accessUrl?.message} {...register("accessUrl")} />
      </div>
      <div className="field">
        <label htmlFor="notes">Notes</label>
        <textarea id="notes" rows={3} {...register("notes")} />
      </div>
      <label className="checkbox">
        <input type="checkbox" {...register("enabled")} /> Gallery enabled
      </label>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
