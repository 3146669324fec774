import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../../domain/rules/format.ts';
import { todayInIndia } from '../../../../domain/rules/time.ts';
import { getDoctorSlotsQueryOptions } from '../../../api/schedules.ts';
import { LoadError, Loading } from '../../../ui/LoadStates.tsx';
import { PageSection } from './parts.tsx';

const DAYS = 7;

/**
 * A doctor's timings: the open times of the coming week from their schedule, day by day (the same
 * slots the booking screen's picker offers), or that any time may be asked for without a schedule.
 */
export function DoctorOpenTimes({ doctorId }: { doctorId: string }) {
  const slots = useQuery(getDoctorSlotsQueryOptions(doctorId, { from: todayInIndia(), days: DAYS }));
  const byDay = new Map<string, string[]>();
  for (const slot of slots.data?.slots ?? []) byDay.set(slot.date, [...(byDay.get(slot.date) ?? []), slot.time]);
  return (
    <PageSection title="Open times this week">
      {slots.isPending && <Loading what="open times" inline />}
      {slots.isError && !slots.data && (
        <LoadError what="open times" error={slots.error} retry={() => void slots.refetch()} />
      )}
      {slots.data &&
        (!slots.data.hasSchedule ? (
          <p className="text-sm">No weekly schedule is set: ask for the time that suits you when you book.</p>
        ) : byDay.size === 0 ? (
          <p className="text-sm">No open time this week. Book a later date from the booking screen.</p>
        ) : (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
            {[...byDay.entries()].map(([date, times]) => (
              <div key={date} className="contents">
                <dt className="font-medium text-base-content/70">{formatDate(date)}</dt>
                <dd>
                  {times.length} open · from {times[0]} (India time)
                </dd>
              </div>
            ))}
          </dl>
        ))}
    </PageSection>
  );
}
