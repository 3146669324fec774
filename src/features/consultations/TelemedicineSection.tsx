import { Link, useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../domain/rules/format.ts';
import {
  CALL_STATUSES,
  JOIN_EARLY_MINUTES,
  JOIN_GRACE_MINUTES,
  formatCallDuration,
  isTelemedicineType,
} from '../../../domain/rules/telemedicine.ts';
import type { Consultation } from '../../api/consultations.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { Section } from './parts.tsx';

const JOIN_LABEL = { VIDEO: 'Join video call', AUDIO: 'Join audio call', CHAT: 'Open the chat session' } as const;

/**
 * A VIDEO, AUDIO or CHAT consultation happens inside CareMesh: the patient and the treating doctor
 * join the call from here (its own screen); everyone on the consultation sees when it ran and how long.
 */
export function TelemedicineSection({ consultation: c }: { consultation: Consultation }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!isTelemedicineType(c.consultationType) || c.access === 'EMERGENCY') return null;
  const type = c.consultationType;
  // A record kept on the device before this part existed has no call facts.
  const call = (c as Partial<Consultation>).telemedicine ?? null;
  const participant = c.access === 'PATIENT' || (c.access === 'TREATING' && user?.role === 'DOCTOR');
  const open = (CALL_STATUSES as readonly string[]).includes(c.status);
  const peer = c.access === 'PATIENT' ? (c.doctor?.name ?? 'your doctor') : c.patient.name;
  return (
    <Section id="telemedicine-title" title={type === 'CHAT' ? 'Chat consultation' : 'Teleconsultation'}>
      <div className="flex flex-col gap-3 text-sm">
        {call?.startedAt ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" aria-label="The call">
            <dt className="text-base-content/70">Started</dt>
            <dd>{formatDateTime(call.startedAt)}</dd>
            <dt className="text-base-content/70">Ended</dt>
            <dd>{call.open ? 'In progress' : call.endedAt ? formatDateTime(call.endedAt) : '—'}</dd>
            <dt className="text-base-content/70">Duration</dt>
            <dd data-testid="call-duration">
              {call.open && call.durationSeconds === 0 ? 'In progress' : formatCallDuration(call.durationSeconds)}
            </dd>
          </dl>
        ) : (
          <p className="text-base-content/70">
            {type === 'CHAT'
              ? 'This consultation happens in the appointment’s conversation.'
              : `The call opens ${JOIN_EARLY_MINUTES} minutes before the appointment and stays open until ${JOIN_GRACE_MINUTES} minutes after it.`}
          </p>
        )}
        {participant && open && (
          <div className="flex flex-wrap items-center gap-2">
            <OnlineButton size="sm" onClick={() => void navigate(`/consultations/${c.id}/call`)}>
              {JOIN_LABEL[type]}
            </OnlineButton>
            {type === 'CHAT' && c.appointmentId && (
              <Link className="link" to={`/appointments/${c.appointmentId}`}>
                The conversation with {peer}
              </Link>
            )}
          </div>
        )}
      </div>
    </Section>
  );
}
