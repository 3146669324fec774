import { useState, type FormEvent } from 'react';
import { ORDER_PRIORITIES, ORDER_PRIORITY_LABELS } from '../../../domain/enums.ts';
import type { Consultation } from '../../api/consultations.ts';
import { Button } from '../../ui/Button.tsx';
import { changeTo } from './changes.ts';
import { Section, useRecordChange } from './parts.tsx';

/** Tests to be ordered (ordered at a centre from the Diagnostic orders section). Enter adds a line. */
export function TestsSection({ consultation: c }: { consultation: Consultation }) {
  const [name, setName] = useState('');
  const [priority, setPriority] = useState<(typeof ORDER_PRIORITIES)[number]>('ROUTINE');
  const [error, setError] = useState<string | null>(null);
  const { send, busy } = useRecordChange();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError('Name the test');
      return;
    }
    const done = await send(
      changeTo.add(c.id, 'diagnostic-tests', { testName: name.trim(), priority }, `Add test ${name.trim()}`),
      'Test added.',
    );
    if (done.ok) setName('');
    else if (done.error) setError(done.error.message);
  }
  return (
    <Section id="tests-title" title="Tests to order">
      {c.tests.length === 0 && <p className="text-sm text-base-content/70">No tests advised.</p>}
      <ul className="flex flex-col gap-1">
        {c.tests.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{t.testName}</span>
            <span className="badge badge-ghost badge-sm">{ORDER_PRIORITY_LABELS[t.priority]}</span>
            {c.canRecord && (
              <Button
                size="xs"
                buttonStyle="ghost"
                variant="danger"
                onClick={() =>
                  void send(
                    changeTo.remove(c.id, 'diagnostic-tests', t.id, `Remove test ${t.testName}`),
                    'Test removed.',
                  )
                }
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {c.canRecord && (
        <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2" aria-label="Add a test">
          <label className="flex min-w-0 grow flex-col gap-1 text-sm">
            Test
            <input
              className="input input-sm w-full"
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Priority
            <select
              className="select select-sm"
              value={priority}
              onChange={(e) => setPriority(e.target.value as typeof priority)}
            >
              {ORDER_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {ORDER_PRIORITY_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" size="sm" loading={busy}>
            Add test
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-error">
              {error}
            </p>
          )}
        </form>
      )}
    </Section>
  );
}

/** Advice and notes the patient reads; private notes only the clinicians see. */
export function NotesSection({ consultation: c }: { consultation: Consultation }) {
  const [notes, setNotes] = useState(c.notes);
  const [privateNotes, setPrivateNotes] = useState(c.privateNotes ?? '');
  const [advice, setAdvice] = useState(c.advice);
  const [followUp, setFollowUp] = useState(c.followUp);
  const [error, setError] = useState<string | null>(null);
  const { send, busy } = useRecordChange();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const first = await send(changeTo.notes(c.id, { notes, privateNotes }));
    const second = first.ok
      ? await send(changeTo.record(c.id, { advice, followUp }, 'Save advice and follow-up'), 'Notes saved.')
      : first;
    if (!second.ok && second.error) setError(second.error.message);
  }
  if (!c.canRecord) {
    return (
      <Section id="notes-title" title="Advice and notes">
        {[
          ['Advice', c.advice],
          ['Follow-up', c.followUp],
          ['Notes', c.notes],
          ...(c.privateNotes !== null ? [['Private notes (clinicians only)', c.privateNotes]] : []),
        ].map(([label, text]) => (
          <div key={label} className="text-sm">
            <p className="font-medium">{label}</p>
            <p className="whitespace-pre-wrap text-base-content/80">{text || '—'}</p>
          </div>
        ))}
      </Section>
    );
  }
  const area = (label: string, value: string, onChange: (v: string) => void) => (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <textarea
        className="textarea textarea-sm w-full"
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
  return (
    <Section id="notes-title" title="Advice and notes">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" aria-label="Advice and notes">
        {area('Advice', advice, setAdvice)}
        {area('Follow-up', followUp, setFollowUp)}
        {area('Notes (the patient reads these)', notes, setNotes)}
        {area('Private notes (clinicians only)', privateNotes, setPrivateNotes)}
        <Button type="submit" size="sm" loading={busy} className="self-end">
          Save notes
        </Button>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </form>
    </Section>
  );
}
