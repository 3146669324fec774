import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { AFFILIATION_STATUS_LABELS, AFFILIATION_TYPE_LABELS } from '../../../domain/enums.ts';
import { formatPaise } from '../../../domain/rules/commission.ts';
import {
  getAffiliationDashboardQueryOptions,
  type AffiliationDashboard,
  type DashboardPeriod,
} from '../../api/affiliations.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { firstAnswerIn, useLoadedTogether } from '../../ui/LoadTogether.tsx';
import 'uplot/dist/uPlot.min.css';

const PERIODS: Record<DashboardPeriod, string> = { '30d': 'Last 30 days', '90d': 'Last 90 days', '365d': 'Last year' };

/** Bars of labelled counts or amounts: uPlot, loaded with this chunk only (the hospital's /affiliations). */
function BarChart({
  labels,
  values,
  label,
  color,
}: {
  labels: string[];
  values: number[];
  label: string;
  color: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled || !box.current || labels.length === 0) return;
      const bars = UPlot.paths.bars!({ size: [0.6, 48] });
      chart = new UPlot(
        {
          width: Math.max(260, box.current.clientWidth),
          height: 200,
          legend: { show: false },
          scales: { x: { time: false } },
          series: [{}, { label, fill: color, stroke: color, paths: bars, points: { show: false } }],
          axes: [{ values: (_u: unknown, ticks: number[]) => ticks.map((t) => labels[t] ?? ''), gap: 4, size: 40 }, {}],
        },
        [labels.map((_, i) => i), values],
        box.current,
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [labels, values, label, color]);
  // On a phone the tables beside carry the figures; the bars need the width of a larger screen.
  return <div ref={box} aria-hidden="true" className="hidden w-full overflow-hidden sm:block" />;
}

/** The hospital's affiliations at a glance (GET /affiliations/hospital/dashboard?period). */
export default function HospitalDashboard() {
  const [period, setPeriod] = useState<DashboardPeriod>('90d');
  const periodId = useId();
  const dashboard = useQuery({ ...getAffiliationDashboardQueryOptions(period), placeholderData: (p) => p });
  useLoadedTogether(firstAnswerIn(dashboard));
  return (
    <section aria-labelledby="dashboard-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="dashboard-title" className="font-semibold">
            Dashboard
          </h2>
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={periodId}>Period</label>
            <select
              id={periodId}
              className="select select-sm w-auto"
              value={period}
              onChange={(e) => setPeriod(e.target.value as DashboardPeriod)}
            >
              {(Object.keys(PERIODS) as DashboardPeriod[]).map((p) => (
                <option key={p} value={p}>
                  {PERIODS[p]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {dashboard.isPending ? (
          <Loading inline what="the dashboard" />
        ) : dashboard.isError ? (
          <LoadError what="the dashboard" error={dashboard.error} retry={() => void dashboard.refetch()} />
        ) : (
          <DashboardView data={dashboard.data} />
        )}
      </div>
    </section>
  );
}

function DashboardView({ data }: { data: AffiliationDashboard }) {
  const statuses = data.byStatus.filter((s) => s.count > 0);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <div className="self-start rounded-field bg-base-200/60 p-3">
        <p className="text-sm text-base-content/70">Commission due (open ledger)</p>
        <p className="text-2xl font-semibold tabular-nums">{formatPaise(data.commissionDuePaise)}</p>
      </div>
      <figure className="flex flex-col gap-2">
        <figcaption className="text-sm font-medium">By status</figcaption>
        <BarChart
          labels={statuses.map((s) => AFFILIATION_STATUS_LABELS[s.status])}
          values={statuses.map((s) => s.count)}
          label="Affiliations"
          color="#2563eb"
        />
        <table className="table table-xs">
          <tbody>
            {data.byStatus.map((s) => (
              <tr key={s.status}>
                <th scope="row" className="font-normal">
                  {AFFILIATION_STATUS_LABELS[s.status]}
                </th>
                <td className="tabular-nums">{s.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
      <figure className="flex flex-col gap-2">
        <figcaption className="text-sm font-medium">By type</figcaption>
        <table className="table table-xs">
          <tbody>
            {data.byType.length === 0 ? (
              <tr>
                <td>None yet</td>
              </tr>
            ) : (
              data.byType.map((t) => (
                <tr key={t.type}>
                  <th scope="row" className="font-normal">
                    {AFFILIATION_TYPE_LABELS[t.type]}
                  </th>
                  <td className="tabular-nums">{t.count}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </figure>
      <figure className="flex flex-col gap-2 lg:col-span-3">
        <figcaption className="text-sm font-medium">Top partners by revenue</figcaption>
        {data.topPartners.length === 0 ? (
          <p className="text-sm text-base-content/70">No revenue through an affiliation in this period.</p>
        ) : (
          <>
            {data.topPartners.some((p) => p.revenuePaise > 0) && (
              <BarChart
                labels={data.topPartners.map((p) => (p.name.length > 14 ? `${p.name.slice(0, 13)}…` : p.name))}
                values={data.topPartners.map((p) => p.revenuePaise / 100)}
                label="Revenue (₹)"
                color="#16a34a"
              />
            )}
            <table className="table table-xs">
              <thead>
                <tr>
                  <th scope="col">Partner</th>
                  <th scope="col">Revenue</th>
                </tr>
              </thead>
              <tbody>
                {data.topPartners.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className="font-normal">
                      {p.name}
                    </th>
                    <td className="tabular-nums">{formatPaise(p.revenuePaise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </figure>
    </div>
  );
}
