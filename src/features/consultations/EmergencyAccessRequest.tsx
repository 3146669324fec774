import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EMERGENCY_ACCESS_HOURS } from '../../../domain/rules/consultations.ts';
import { consultationKeys, consultationsApi } from '../../api/consultations.ts';
import { messageOf } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';

/**
 * Break the glass: a doctor or hospital not on the consultation asks, with a reason, for a
 * time-limited view. The patient and the treating hospital are told; every read is logged.
 */
export function EmergencyAccessRequest({ consultationId }: { consultationId: string }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (reason.trim().length < 10) {
      setError('Say why you need emergency access (at least 10 characters)');
      return;
    }
    setBusy(true);
    try {
      await consultationsApi.emergencyAccess(consultationId, reason.trim());
      await queryClient.invalidateQueries({ queryKey: consultationKeys.detail(consultationId) });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex w-full flex-col gap-2"
      aria-label="Emergency access"
    >
      <p className="text-sm">
        In an emergency you may open this record for {EMERGENCY_ACCESS_HOURS} hours. The patient and their hospital are
        told, and every read is logged.
      </p>
      <label className="flex flex-col gap-1 text-sm">
        Reason
        <input className="input w-full" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <Button type="submit" variant="danger" loading={busy} className="self-start">
        Open in an emergency
      </Button>
    </form>
  );
}
