import { useState, type FormEvent } from 'react';
import { WEEKDAYS, WEEKDAY_LABELS, type Weekday } from '../../../domain/enums.ts';
import { openingHoursPatchBody, type OpeningHoursPatch } from '../../../domain/schemas/pharmacies.ts';
import { ApiError } from '../../api/http.ts';
import { pharmaciesApi, pharmacyKeys, type PharmacyProfile } from '../../api/pharmacies.ts';
import { ProfileCard, issuesByPath, useProfileMutation } from './profileParts.tsx';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';

type Mode = 'hours' | 'open24' | 'closed' | 'unset';
type DayState = { mode: Mode; open: string; close: string };
type Week = Record<Weekday, DayState>;

const MODE_LABELS: Record<Mode, string> = {
  hours: 'Open',
  open24: 'Open 24 hours',
  closed: 'Closed',
  unset: 'Not stated',
};

function weekOf(hours: PharmacyProfile['openingHours']): Week {
  return Object.fromEntries(
    WEEKDAYS.map((day): [Weekday, DayState] => {
      const d = hours[day];
      if (!d) return [day, { mode: 'unset', open: '', close: '' }];
      if ('closed' in d) return [day, { mode: 'closed', open: '', close: '' }];
      if ('open24Hours' in d) return [day, { mode: 'open24', open: '', close: '' }];
      return [day, { mode: 'hours', open: d.open, close: d.close }];
    }),
  ) as Week;
}

function patchOf(week: Week): Record<Weekday, unknown> {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const d = week[day];
      switch (d.mode) {
        case 'hours':
          return [day, { open: d.open || undefined, close: d.close || undefined }];
        case 'open24':
          return [day, { open24Hours: true }];
        case 'closed':
          return [day, { closed: true }];
        default:
          return [day, null];
      }
    }),
  ) as Record<Weekday, unknown>;
}

/** Friendlier words for the schema's messages, which speak of the API's fields. */
function friendly(message: string, day: Weekday): string {
  const name = WEEKDAY_LABELS[day];
  if (/must be later than open/.test(message)) return `${name}: the closing time must be later than the opening time.`;
  if (/^open is required/.test(message)) return `${name}: enter the opening time.`;
  if (/^close is required/.test(message)) return `${name}: enter the closing time.`;
  return `${name}: ${message}`;
}

export function OpeningHoursEditor({ pharmacy }: { pharmacy: PharmacyProfile }) {
  const [week, setWeek] = useState<Week>(() => weekOf(pharmacy.openingHours));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useProfileMutation(
    pharmacyKeys.mine,
    (body: OpeningHoursPatch) => pharmaciesApi.changeOpeningHours(pharmacy.id, body),
    'Opening hours saved.',
  );
  const change = (day: Weekday, patch: Partial<DayState>) => setWeek((w) => ({ ...w, [day]: { ...w[day], ...patch } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = openingHoursPatchBody.safeParse(patchOf(week));
    if (!parsed.success) {
      const byPath = issuesByPath(parsed.error.issues);
      setErrors(
        Object.fromEntries(
          Object.entries(byPath).map(([path, message]) => {
            const day = path.split('.')[0] as Weekday;
            return [path, friendly(message, day)];
          }),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data as OpeningHoursPatch, {
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors());
      },
    });
  };

  const dayError = (day: Weekday) =>
    errors[`${day}.open`] ??
    errors[`${day}.close`] ??
    errors[`${day}.closed`] ??
    errors[`${day}.open24Hours`] ??
    errors[day];

  return (
    <ProfileCard id="opening-hours-title" title="Opening hours">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col divide-y divide-base-300">
          {WEEKDAYS.map((day) => {
            const d = week[day];
            const name = WEEKDAY_LABELS[day];
            const error = dayError(day);
            const errorId = `hours-${day}-error`;
            return (
              <fieldset key={day} className="grid grid-cols-2 items-end gap-2 py-2 sm:grid-cols-[8rem_12rem_1fr_1fr]">
                <legend className="sr-only">{name}</legend>
                <span aria-hidden="true" className="self-center font-medium">
                  {name}
                </span>
                <select
                  className="select w-full"
                  aria-label={`${name} status`}
                  value={d.mode}
                  onChange={(e) => change(day, { mode: e.target.value as Mode })}
                >
                  {(Object.keys(MODE_LABELS) as Mode[]).map((m) => (
                    <option key={m} value={m}>
                      {MODE_LABELS[m]}
                    </option>
                  ))}
                </select>
                {d.mode === 'hours' && (
                  <>
                    <label className="flex flex-col gap-1 text-sm">
                      <span>
                        <span className="sr-only">{name} </span>Opens
                      </span>
                      <input
                        type="time"
                        className={`input w-full ${errors[`${day}.open`] ? 'input-error' : ''}`}
                        aria-label={`${name} opens`}
                        value={d.open}
                        onChange={(e) => change(day, { open: e.target.value })}
                        aria-invalid={errors[`${day}.open`] ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                      />
                    </label>
                    <label className="flex flex-col gap-1 text-sm">
                      <span>
                        <span className="sr-only">{name} </span>Closes
                      </span>
                      <input
                        type="time"
                        className={`input w-full ${errors[`${day}.close`] ? 'input-error' : ''}`}
                        aria-label={`${name} closes`}
                        value={d.close}
                        onChange={(e) => change(day, { close: e.target.value })}
                        aria-invalid={errors[`${day}.close`] ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                      />
                    </label>
                  </>
                )}
                {error && (
                  <p id={errorId} role="alert" className="col-span-2 text-sm text-error sm:col-span-4">
                    {error}
                  </p>
                )}
              </fieldset>
            );
          })}
        </div>
        {errors[''] && (
          <p role="alert" className="text-sm text-error">
            {errors['']}
          </p>
        )}
        <div>
          <OnlineButton type="submit" loading={save.isPending}>
            Save opening hours
          </OnlineButton>
        </div>
      </form>
    </ProfileCard>
  );
}
