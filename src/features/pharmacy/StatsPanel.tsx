import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PHARMACY_ORDER_STATUS_LABELS } from '../../../domain/enums.ts';
import { getPharmacyStatsQueryOptions } from '../../api/pharmacy.ts';
import { DetailList } from '../../ui/DetailList.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { rupees } from './parts.tsx';

const PERIODS = ['week', 'month', 'year'] as const;

/** Orders by status (bars), fill rate, time to ready, revenue, top medicines, stock and near-expiry value. Fetched only here. */
export function StatsPanel() {
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('month');
  const stats = useQuery(getPharmacyStatsQueryOptions(period));
  return (
    <section aria-labelledby="stats-title" className="card border border-base-300 p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="stats-title" className="font-semibold">
          Statistics
        </h2>
        <div role="group" aria-label="Period" className="join">
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              className={`btn join-item btn-xs ${period === p ? 'btn-primary' : ''}`}
              onClick={() => setPeriod(p)}
            >
              {p === 'week' ? 'Last 7 days' : p === 'month' ? 'Last 30 days' : 'Last year'}
            </button>
          ))}
        </div>
      </div>
      {stats.isPending ? (
        <Loading what="statistics" />
      ) : stats.isError ? (
        <LoadError what="statistics" error={stats.error} retry={() => void stats.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div>
            <h3 className="mb-1 text-sm font-medium">Orders by status ({stats.data.total})</h3>
            <ul className="flex flex-col gap-1 text-sm" aria-label="Orders by status">
              {stats.data.byStatus
                .filter((s) => s.count > 0)
                .map((s) => (
                  <li key={s.status} className="grid grid-cols-[10rem_1fr_2rem] items-center gap-2">
                    <span>{PHARMACY_ORDER_STATUS_LABELS[s.status]}</span>
                    <span
                      aria-hidden="true"
                      className="h-3 rounded bg-primary"
                      style={{ width: `${Math.max(4, (s.count / Math.max(1, stats.data.total)) * 100)}%` }}
                    />
                    <span>{s.count}</span>
                  </li>
                ))}
            </ul>
          </div>
          <DetailList
            rows={[
              ['Fill rate', stats.data.fillRate === null ? '—' : `${stats.data.fillRate}%`],
              [
                'Average time to ready',
                stats.data.averageHoursToReady === null ? '—' : `${stats.data.averageHoursToReady} h`,
              ],
              ['Revenue', rupees(stats.data.revenue)],
              ['Top medicines', stats.data.topMedicines.map((m) => `${m.name} (${m.quantity})`).join(', ')],
              ['Stock value', rupees(stats.data.stockValue)],
              ['Near-expiry value (90 days)', rupees(stats.data.nearExpiryValue)],
            ]}
          />
        </div>
      )}
    </section>
  );
}
