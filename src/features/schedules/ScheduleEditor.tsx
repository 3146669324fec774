import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { APPOINTMENT_MODES, APPOINTMENT_MODE_LABELS, WEEKDAYS, WEEKDAY_LABELS } from '../../../domain/enums.ts';
import type { DateChange, Leave, SessionTimes, WeeklySession } from '../../../domain/rules/schedules.ts';
import { scheduleBody } from '../../../domain/schemas/schedules.ts';
import { messageOf } from '../../api/http.ts';
import { scheduleKeys, schedulesApi, type DoctorSchedule } from '../../api/schedules.ts';
import { useNeedsConnection } from '../../offline/NeedsConnection.tsx';
import { Button } from '../../ui/Button.tsx';
import { useToast } from '../../ui/toast/index.ts';

type Place = DoctorSchedule['places'][number];

const NEW_TIMES: SessionTimes = { start: '09:00', end: '13:00', slotMinutes: 15, modes: ['IN_PERSON'], breaks: [] };
const NEW_SESSION: WeeklySession = { day: 'MONDAY', ...NEW_TIMES };

/** One place's schedule as a form: weekly sessions, leave, one-off changes; saved whole. */
export function ScheduleEditor({ doctorId, place }: { doctorId: string; place: Place }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const connection = useNeedsConnection();
  const [sessions, setSessions] = useState<WeeklySession[]>(place.sessions);
  const [leave, setLeave] = useState<Leave[]>(place.leave);
  const [changes, setChanges] = useState<DateChange[]>(place.changes);
  const [problems, setProblems] = useState<string[]>([]);

  const save = useMutation({
    mutationFn: () => schedulesApi.save(doctorId, { hospitalId: place.hospitalId, sessions, leave, changes }),
    onSuccess: (answer) => {
      queryClient.setQueryData(scheduleKeys.schedule(doctorId), answer.data);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.slots });
      setProblems([]);
      toast.success(answer.message ?? 'Schedule saved.', { title: 'Success' });
    },
    onError: (error) => setProblems([messageOf(error)]),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = scheduleBody.safeParse({ hospitalId: place.hospitalId, sessions, leave, changes });
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((issue) => issue.message))]);
      return;
    }
    save.mutate();
  };

  const editSession = (i: number, patch: Partial<WeeklySession>) =>
    setSessions((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const editLeave = (i: number, patch: Partial<Leave>) =>
    setLeave((list) => list.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const editChange = (i: number, patch: Partial<DateChange>) =>
    setChanges((list) => list.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {place.placeName}
          </h2>
          <p className="text-sm text-base-content/70">
            {place.updatedAt ? `Last saved ${new Date(place.updatedAt).toLocaleString('en-IN')}` : 'No schedule yet.'}{' '}
            Times are India time. Once a schedule is saved, patients book only its open slots.
          </p>
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">Weekly sessions</legend>
          {sessions.length === 0 && <p className="text-sm text-base-content/70">No weekly sessions.</p>}
          <ul className="flex flex-col gap-2" aria-label={`Weekly sessions at ${place.placeName}`}>
            {sessions.map((session, i) => (
              <li key={i} className="rounded-box border border-base-300 p-3">
                <SessionFields
                  label={`Session ${i + 1}`}
                  session={session}
                  onChange={(patch) => editSession(i, patch)}
                  day={
                    <label className="flex flex-col gap-1 text-sm">
                      <span aria-hidden="true">Day</span>
                      <select
                        aria-label={`Session ${i + 1} day`}
                        className="select select-sm w-36"
                        value={session.day}
                        onChange={(e) => editSession(i, { day: e.target.value as WeeklySession['day'] })}
                      >
                        {WEEKDAYS.map((day) => (
                          <option key={day} value={day}>
                            {WEEKDAY_LABELS[day]}
                          </option>
                        ))}
                      </select>
                    </label>
                  }
                  onRemove={() => setSessions((list) => list.filter((_, j) => j !== i))}
                />
              </li>
            ))}
          </ul>
          <Button
            type="button"
            size="sm"
            variant="neutral"
            buttonStyle="outline"
            className="w-max"
            onClick={() => setSessions((list) => [...list, { ...NEW_SESSION }])}
          >
            Add session
          </Button>
        </fieldset>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">Leave</legend>
          {leave.length === 0 && <p className="text-sm text-base-content/70">No leave planned.</p>}
          <ul className="flex flex-col gap-2" aria-label={`Leave at ${place.placeName}`}>
            {leave.map((period, i) => (
              <li key={i} className="flex flex-wrap items-end gap-2 rounded-box border border-base-300 p-3">
                <TimeInput
                  label={`Leave ${i + 1} from`}
                  shown="From"
                  type="date"
                  value={period.from}
                  onChange={(from) => editLeave(i, { from })}
                />
                <TimeInput
                  label={`Leave ${i + 1} to`}
                  shown="To"
                  type="date"
                  value={period.to}
                  onChange={(to) => editLeave(i, { to })}
                />
                <TimeInput
                  label={`Leave ${i + 1} note`}
                  shown="Note"
                  type="text"
                  value={period.note ?? ''}
                  onChange={(note) => editLeave(i, { note })}
                />
                <RemoveButton
                  label={`Remove leave ${i + 1}`}
                  onClick={() => setLeave((l) => l.filter((_, j) => j !== i))}
                />
              </li>
            ))}
          </ul>
          <Button
            type="button"
            size="sm"
            variant="neutral"
            buttonStyle="outline"
            className="w-max"
            onClick={() => setLeave((list) => [...list, { from: '', to: '', note: '' }])}
          >
            Add leave
          </Button>
        </fieldset>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">One-off changes</legend>
          <p className="text-sm text-base-content/70">
            For one date: different hours, or closed. They replace that day’s weekly sessions.
          </p>
          <ul className="flex flex-col gap-2" aria-label={`One-off changes at ${place.placeName}`}>
            {changes.map((change, i) => {
              const closed = change.sessions.length === 0;
              return (
                <li key={i} className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
                  <div className="flex flex-wrap items-end gap-2">
                    <TimeInput
                      label={`Change ${i + 1} date`}
                      shown="Date"
                      type="date"
                      value={change.date}
                      onChange={(date) => editChange(i, { date })}
                    />
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm"
                        checked={closed}
                        onChange={(e) => editChange(i, { sessions: e.target.checked ? [] : [{ ...NEW_TIMES }] })}
                      />
                      Closed that day
                    </label>
                    <RemoveButton
                      label={`Remove change ${i + 1}`}
                      onClick={() => setChanges((list) => list.filter((_, j) => j !== i))}
                    />
                  </div>
                  {change.sessions.map((session, k) => (
                    <SessionFields
                      key={k}
                      label={`Change ${i + 1} session ${k + 1}`}
                      session={session}
                      onChange={(patch) =>
                        editChange(i, { sessions: change.sessions.map((s, m) => (m === k ? { ...s, ...patch } : s)) })
                      }
                    />
                  ))}
                </li>
              );
            })}
          </ul>
          <Button
            type="button"
            size="sm"
            variant="neutral"
            buttonStyle="outline"
            className="w-max"
            onClick={() => setChanges((list) => [...list, { date: '', sessions: [], note: null }])}
          >
            Add a one-off change
          </Button>
        </fieldset>

        {problems.length > 0 && (
          <div role="alert" className="alert alert-error alert-soft flex flex-col items-start">
            {problems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </div>
        )}
        <div className="card-actions items-center justify-end">
          {connection.note}
          <Button
            type="submit"
            loading={save.isPending}
            loadingText="Saving…"
            disabled={connection.offline}
            aria-describedby={connection.describedBy}
          >
            Save schedule
          </Button>
        </div>
      </div>
    </form>
  );
}

function SessionFields({
  label,
  session,
  onChange,
  day,
  onRemove,
}: {
  label: string;
  session: SessionTimes;
  onChange: (patch: Partial<SessionTimes>) => void;
  day?: ReactNode;
  onRemove?: () => void;
}) {
  const pause = session.breaks[0];
  const setBreak = (patch: Partial<{ start: string; end: string }>) => {
    const next = { start: pause?.start ?? '', end: pause?.end ?? '', ...patch };
    const rest = session.breaks.slice(1);
    onChange({ breaks: next.start || next.end ? [next, ...rest] : rest });
  };
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-end gap-2">
      {day}
      <TimeInput
        label={`${label} from`}
        shown="From"
        type="time"
        value={session.start}
        onChange={(start) => onChange({ start })}
      />
      <TimeInput
        label={`${label} to`}
        shown="To"
        type="time"
        value={session.end}
        onChange={(end) => onChange({ end })}
      />
      <label className="flex flex-col gap-1 text-sm">
        <span aria-hidden="true">Slot (min)</span>
        <input
          type="number"
          aria-label={`${label} slot length in minutes`}
          min={5}
          max={240}
          step={5}
          className="input input-sm w-20"
          value={session.slotMinutes}
          onChange={(e) => onChange({ slotMinutes: Number(e.target.value) })}
        />
      </label>
      <TimeInput
        label={`${label} break from`}
        shown="Break from"
        type="time"
        value={pause?.start ?? ''}
        onChange={(start) => setBreak({ start })}
      />
      <TimeInput
        label={`${label} break to`}
        shown="Break to"
        type="time"
        value={pause?.end ?? ''}
        onChange={(end) => setBreak({ end })}
      />
      <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <legend className="sr-only">{label} modes</legend>
        {APPOINTMENT_MODES.map((mode) => (
          <label key={mode} className="flex items-center gap-1">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={session.modes.includes(mode)}
              onChange={(e) =>
                onChange({
                  modes: e.target.checked ? [...session.modes, mode] : session.modes.filter((m) => m !== mode),
                })
              }
            />
            {APPOINTMENT_MODE_LABELS[mode]}
          </label>
        ))}
      </fieldset>
      {onRemove && <RemoveButton label={`Remove ${label.toLowerCase()}`} onClick={onRemove} />}
    </div>
  );
}

/** A small input whose visible word (`shown`) is short; its full label names the row it belongs to. */
function TimeInput({
  label,
  shown,
  type,
  value,
  onChange,
}: {
  label: string;
  shown: string;
  type: 'time' | 'date' | 'text';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span aria-hidden="true">{shown}</span>
      <input
        type={type}
        aria-label={label}
        className={`input input-sm ${type === 'text' ? 'w-40' : 'w-32'}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" size="sm" variant="danger" buttonStyle="ghost" aria-label={label} onClick={onClick}>
      Remove
    </Button>
  );
}
