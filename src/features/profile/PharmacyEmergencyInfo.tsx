import { useId, useState, type FormEvent } from 'react';
import { emergencyInfoBody } from '../../../domain/schemas/pharmacies.ts';
import { ApiError } from '../../api/http.ts';
import { pharmaciesApi, pharmacyKeys, type PharmacyProfile } from '../../api/pharmacies.ts';
import { TextField } from '../../ui/form/TextField.tsx';
import { ProfileCard, issuesByPath, optional, useProfileMutation } from './profileParts.tsx';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';

/** What a pharmacy tells people in an emergency: whether it is open around the clock, a number and instructions. */
export function EmergencyInfo({ pharmacy }: { pharmacy: PharmacyProfile }) {
  const info = pharmacy.emergencyInfo;
  const [available, setAvailable] = useState(info?.available24x7 ?? false);
  const [phone, setPhone] = useState(info?.phone ?? '');
  const [instructions, setInstructions] = useState(info?.instructions ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const instructionsId = useId();
  const save = useProfileMutation(
    pharmacyKeys.mine,
    (body: ReturnType<typeof emergencyInfoBody.parse>) => pharmaciesApi.changeEmergencyInfo(pharmacy.id, body),
    'Emergency info saved.',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emergencyInfoBody.safeParse({
      available24x7: available,
      phone: optional(phone),
      instructions: optional(instructions),
    });
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors());
      },
    });
  };

  return (
    <ProfileCard id="emergency-title" title="Emergency info">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <label className="flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="toggle toggle-primary"
            checked={available}
            onChange={(e) => setAvailable(e.target.checked)}
          />
          <span>Available 24×7 for emergencies</span>
        </label>
        <TextField
          label="Emergency phone"
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
          className="sm:max-w-xs"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={instructionsId} className="text-sm font-medium">
            Emergency instructions
          </label>
          <textarea
            id={instructionsId}
            className={`textarea w-full ${errors.instructions ? 'textarea-error' : ''}`}
            rows={3}
            maxLength={1000}
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            aria-invalid={errors.instructions ? true : undefined}
            aria-describedby={errors.instructions ? `${instructionsId}-error` : undefined}
          />
          {errors.instructions && (
            <p id={`${instructionsId}-error`} role="alert" className="text-sm text-error">
              {errors.instructions}
            </p>
          )}
        </div>
        <div>
          <OnlineButton type="submit" loading={save.isPending}>
            Save emergency info
          </OnlineButton>
        </div>
      </form>
    </ProfileCard>
  );
}
