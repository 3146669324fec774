import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { APPOINTMENT_VISIT_WORKFLOW } from '../../../domain/rules/appointments.ts';
import type { Appointment } from '../../api/appointments.ts';
import { consultationsApi } from '../../api/consultations.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';

/**
 * "Start consultation" for the appointment's doctor or hospital, from an accepted or confirmed
 * appointment (the visit workflow decides); opens the consultation. If it was started already,
 * opens that one. Starting needs the connection: the record's own changes then work offline.
 */
export function StartConsultation({ appointment }: { appointment: Appointment }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const provider = user?.role === 'DOCTOR' || user?.role === 'HOSPITAL';
  const allowed = provider && APPOINTMENT_VISIT_WORKFLOW.checkTransition('START_VISIT', 'PROVIDER', appointment).ok;
  if (!allowed) return null;

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const { data } = await consultationsApi.create({ appointmentId: appointment.id });
      void navigate(`/consultations/${data.id}`);
    } catch (caught) {
      const existing =
        caught instanceof ApiError
          ? (caught.details as { consultationId?: string } | undefined)?.consultationId
          : undefined;
      if (existing) void navigate(`/consultations/${existing}`);
      else setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <Button onClick={() => void start()} loading={busy}>
        Start consultation
      </Button>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
