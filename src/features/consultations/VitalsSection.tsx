import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { bmiOf } from '../../../domain/rules/vitals.ts';
import { vitalsBody } from '../../../domain/schemas/consultations.ts';
import type { Consultation } from '../../api/consultations.ts';
import { Button } from '../../ui/Button.tsx';
import { changeTo } from './changes.ts';
import { Section, useRecordChange } from './parts.tsx';

const FIELDS = [
  ['temperature', 'Temperature'],
  ['pulse', 'Pulse (/min)'],
  ['systolic', 'BP systolic (mmHg)'],
  ['diastolic', 'BP diastolic (mmHg)'],
  ['respiratoryRate', 'Resp. rate (/min)'],
  ['spo2', 'SpO2 (%)'],
  ['weightKg', 'Weight (kg)'],
  ['heightCm', 'Height (cm)'],
  ['bloodSugar', 'Blood sugar (mg/dL)'],
] as const;
type Field = (typeof FIELDS)[number][0];

const READING_CLASS = {
  NORMAL: '',
  HIGH: 'badge-warning text-warning-content',
  LOW: 'badge-warning text-warning-content',
  CRITICAL: 'badge-error',
} as const;

export function VitalsSection({ consultation: c }: { consultation: Consultation }) {
  const [values, setValues] = useState<Partial<Record<Field, string>>>({});
  const [unit, setUnit] = useState<'C' | 'F'>('C');
  const [error, setError] = useState<string | null>(null);
  const { send, busy } = useRecordChange();
  const bmi = bmiOf(Number(values.weightKg) || null, Number(values.heightCm) || null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const numbers = Object.fromEntries(
      Object.entries(values)
        .filter(([, v]) => v !== undefined && v.trim() !== '')
        .map(([k, v]) => [k, Number(v)]),
    );
    const parsed = vitalsBody.safeParse({ ...numbers, temperatureUnit: unit });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the values');
      return;
    }
    const done = await send(
      changeTo.add(c.id, 'vital-signs', parsed.data, 'Record vital signs'),
      'Vital signs recorded.',
    );
    if (done.ok) setValues({});
    else if (done.error) setError(done.error.message);
  }

  return (
    <Section id="vitals-title" title="Vital signs">
      {c.vitals.length === 0 && <p className="text-sm text-base-content/70">No vital signs recorded yet.</p>}
      {c.vitals.map((v) => (
        <div key={v.id} className="flex flex-col gap-1">
          <p className="text-xs text-base-content/70">{formatDateTime(v.recordedAt)}</p>
          <ul className="flex flex-wrap gap-1" aria-label={`Vital signs at ${formatDateTime(v.recordedAt)}`}>
            {v.readings.map((r) => (
              <li
                key={r.kind}
                className={`badge badge-soft h-auto ${READING_CLASS[r.reading]}`}
                title={`Normal ${r.normalRange}`}
              >
                {r.label} {r.value} {r.unit}
                {r.reading !== 'NORMAL' ? ` · ${r.reading.toLowerCase()}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {c.canRecord && (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          className="flex flex-col gap-2"
          aria-label="Record vital signs"
        >
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {FIELDS.map(([key, label]) => (
              <label key={key} className="flex flex-col gap-1 text-sm">
                {key === 'temperature' ? `Temperature (°${unit})` : label}
                <input
                  className="input input-sm w-full"
                  inputMode="decimal"
                  value={values[key] ?? ''}
                  onChange={(e) => setValues((old) => ({ ...old, [key]: e.target.value }))}
                />
              </label>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <fieldset className="flex gap-3">
              <legend className="sr-only">Temperature unit</legend>
              {(['C', 'F'] as const).map((u) => (
                <label key={u} className="flex items-center gap-1">
                  <input
                    type="radio"
                    className="radio radio-sm"
                    name="unit"
                    checked={unit === u}
                    onChange={() => setUnit(u)}
                  />
                  °{u}
                </label>
              ))}
            </fieldset>
            {bmi !== null && <span>BMI {bmi}</span>}
            <Button type="submit" size="sm" loading={busy} className="ml-auto">
              Add vitals
            </Button>
          </div>
          {error && (
            <p role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
        </form>
      )}
    </Section>
  );
}
