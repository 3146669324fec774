import { useId } from 'react';
import { DAY_PARTS, addDays, dayPartOf } from '../../../domain/rules/schedules.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import type { AppointmentMode } from '../../../domain/enums.ts';
import type { OpenSlot, SlotList } from '../../api/schedules.ts';

/** How many days the picker shows at once. */
export const PICKER_DAYS = 7;

const WEEKDAY = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });
const DAY_MONTH = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (date: string) => {
  const at = new Date(`${date}T00:00:00Z`);
  return { weekday: WEEKDAY.format(at), day: DAY_MONTH.format(at) };
};

/** The days the picker asks for: the next week, or the week from a later date typed in. */
export function pickerRange(date: string, today = todayInIndia()) {
  const inFirstWeek = !date || (date >= today && date < addDays(today, PICKER_DAYS));
  return { from: inFirstWeek ? today : date, days: PICKER_DAYS };
}

type Props = {
  slots: SlotList;
  mode: AppointmentMode;
  date: string;
  onDate: (date: string) => void;
  /** The chosen slot's start, '' for none. */
  value: string;
  onChange: (slot: OpenSlot | null) => void;
  error?: string | undefined;
  placeName: (hospitalId: string | null) => string;
};

/**
 * Open slots as a picker: the week's days (with how many slots each has in the chosen mode), then the
 * chosen day's times by morning, afternoon and evening. Native radios, so arrows move between times.
 */
export function SlotPicker({ slots, mode, date, onDate, value, onChange, error, placeName }: Props) {
  const errorId = useId();
  const daysId = useId();
  const offered = slots.slots.filter((slot) => slot.modes.includes(mode));
  const days = Array.from({ length: PICKER_DAYS }, (_, i) => addDays(slots.from, i));
  const ofDay = offered.filter((slot) => slot.date === date);
  const places = new Set(ofDay.map((slot) => slot.hospitalId));

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-labelledby={daysId} className="flex flex-col gap-1">
        <span id={daysId} className="text-sm font-medium">
          Days
        </span>
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {days.map((day) => {
            const count = offered.filter((slot) => slot.date === day).length;
            const { weekday, day: dayMonth } = dayLabel(day);
            return (
              <li key={day}>
                <button
                  type="button"
                  aria-pressed={day === date}
                  aria-label={`${weekday} ${dayMonth}: ${count === 0 ? 'no open slots' : `${count} open`}`}
                  className={`btn btn-sm h-auto min-w-18 flex-col gap-0 py-1 ${day === date ? 'btn-primary' : 'btn-outline'}`}
                  onClick={() => onDate(day)}
                >
                  <span className="text-xs">{weekday}</span>
                  <span>{dayMonth}</span>
                  <span className="text-xs font-normal">{count === 0 ? 'none' : `${count} open`}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {!date ? (
        <p className="text-sm text-base-content/70">Choose a day to see its open times.</p>
      ) : ofDay.length === 0 ? (
        <p className="text-sm text-base-content/70">
          No open slots on this day for this mode. Choose another day{date >= slots.from ? ' or mode' : ''}.
        </p>
      ) : (
        <fieldset
          className="flex flex-col gap-3"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Open times (India time)</legend>
          {DAY_PARTS.map((part) => {
            const inPart = ofDay.filter((slot) => dayPartOf(slot.time) === part.key);
            if (inPart.length === 0) return null;
            return (
              <div key={part.key} role="group" aria-label={part.label} className="flex flex-col gap-1">
                <span aria-hidden="true" className="text-xs font-semibold tracking-wide text-base-content/70 uppercase">
                  {part.label}
                </span>
                <div className="flex flex-wrap gap-2">
                  {inPart.map((slot) => (
                    // daisyUI's radio button: the label is the aria-label, shown by the button itself.
                    <input
                      key={`${slot.start}-${slot.hospitalId ?? 'clinic'}`}
                      type="radio"
                      name="slot"
                      className="btn btn-sm btn-outline min-w-18"
                      aria-label={places.size > 1 ? `${slot.time} · ${placeName(slot.hospitalId)}` : slot.time}
                      value={slot.start}
                      checked={slot.start === value}
                      onChange={() => onChange(slot)}
                    />
                  ))}
                </div>
              </div>
            );
          })}
        </fieldset>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
