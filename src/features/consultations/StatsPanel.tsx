import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { rupeesOf } from '../../../domain/rules/billing.ts';
import { formatINR, formatPercent } from '../../../domain/rules/format.ts';
import { getConsultationStatsQueryOptions } from '../../api/consultationCare.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { firstAnswerIn, useLoadedTogether } from '../../ui/LoadTogether.tsx';

const StatsCharts = lazy(() => import('./StatsCharts.tsx'));

/** The hospital's figures for the chosen period: totals, revenue, duration, follow-up rate, charts. */
export function StatsPanel({ startDate, endDate }: { startDate?: string; endDate?: string }) {
  const range = { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) };
  const stats = useQuery(getConsultationStatsQueryOptions(range));
  useLoadedTogether(firstAnswerIn(stats));
  return (
    <section aria-labelledby="consultation-stats-title" className="flex flex-col gap-3">
      <h2 id="consultation-stats-title" className="text-lg font-semibold">
        Statistics{startDate || endDate ? ` (${startDate ?? '…'} to ${endDate ?? '…'})` : ''}
      </h2>
      {stats.isPending && <Loading what="the statistics" />}
      {stats.isError && <LoadError what="the statistics" error={stats.error} retry={() => void stats.refetch()} />}
      {stats.data && (
        <>
          <dl className="stats stats-vertical w-full border border-base-300 sm:stats-horizontal">
            <div className="stat">
              <dt className="stat-title">Consultations</dt>
              <dd className="stat-value text-2xl">{stats.data.stats.total}</dd>
            </div>
            <div className="stat">
              <dt className="stat-title">Revenue</dt>
              <dd className="stat-value text-2xl">{formatINR(rupeesOf(stats.data.stats.revenuePaise))}</dd>
            </div>
            <div className="stat">
              <dt className="stat-title">Average duration</dt>
              <dd className="stat-value text-2xl">{stats.data.stats.averageDurationMinutes} min</dd>
            </div>
            <div className="stat">
              <dt className="stat-title">Follow-up rate</dt>
              <dd className="stat-value text-2xl">{formatPercent(stats.data.stats.followUpRate)}</dd>
            </div>
          </dl>
          <Suspense fallback={<Loading what="the charts" />}>
            <StatsCharts stats={stats.data.stats} departments={stats.data.departments} />
          </Suspense>
        </>
      )}
    </section>
  );
}
