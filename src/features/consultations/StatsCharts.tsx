import { useEffect, useRef } from 'react';
import { CONSULTATION_STATUS_LABELS, CONSULTATION_STATUSES } from '../../../domain/enums.ts';
import { rupeesOf } from '../../../domain/rules/billing.ts';
import { formatINR } from '../../../domain/rules/format.ts';
import type { ConsultationStats, DepartmentStats } from '../../api/consultationCare.ts';
import 'uplot/dist/uPlot.min.css';

type Departments = DepartmentStats['departments'];

/** Consultations and follow-ups per department as bars: uPlot, loaded only with this chunk. */
function DepartmentChart({ departments }: { departments: Departments }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    // The chart follows its box (a phone turned, a window narrowed).
    const resize = new ResizeObserver(() => {
      if (chart && box.current) chart.setSize({ width: Math.max(240, box.current.clientWidth), height: 220 });
    });
    if (box.current) resize.observe(box.current);
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled || !box.current) return;
      const bars = UPlot.paths.bars!({ size: [0.6, 48] });
      chart = new UPlot(
        {
          width: Math.max(240, box.current.clientWidth),
          height: 220,
          scales: { x: { time: false } },
          series: [
            {},
            { label: 'Consultations', fill: '#2563eb', stroke: '#1d4ed8', paths: bars },
            { label: 'Follow-ups', fill: '#16a34a', stroke: '#15803d', paths: bars },
          ],
          axes: [
            {
              values: (_u, ticks) => ticks.map((t) => departments[t]?.department ?? ''),
              splits: () => departments.map((_, i) => i),
            },
            { label: 'Count' },
          ],
        },
        [departments.map((_, i) => i), departments.map((d) => d.total), departments.map((d) => d.followUps)],
        box.current,
      );
    });
    return () => {
      cancelled = true;
      resize.disconnect();
      chart?.destroy();
    };
  }, [departments]);
  return (
    <div
      ref={box}
      role="img"
      aria-label="Consultations and follow-ups per department"
      className="w-full overflow-hidden"
    />
  );
}

/** GET /consultations/stats and /stats/department-wise as charts, the figures in tables beside them. */
export default function StatsCharts({ stats, departments }: { stats: ConsultationStats; departments: Departments }) {
  const statuses = CONSULTATION_STATUSES.filter((s) => stats.byStatus[s] > 0);
  const most = Math.max(1, ...statuses.map((s) => stats.byStatus[s]));
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <figure className="card min-w-0 border border-base-300 p-4">
        <figcaption className="font-semibold">Per department</figcaption>
        {departments.length === 0 ? (
          <p className="text-sm text-base-content/70">No consultations in this period.</p>
        ) : (
          <>
            <DepartmentChart departments={departments} />
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <caption className="sr-only">Consultations per department</caption>
                <thead>
                  <tr>
                    <th scope="col">Department</th>
                    <th scope="col">Consultations</th>
                    <th scope="col">Completed</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {departments.map((d) => (
                    <tr key={d.department}>
                      <th scope="row" className="font-normal">
                        {d.department}
                      </th>
                      <td>{d.total}</td>
                      <td>{d.completed}</td>
                      <td>{formatINR(rupeesOf(d.revenuePaise))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </figure>
      <figure className="card min-w-0 border border-base-300 p-4">
        <figcaption className="font-semibold">By status</figcaption>
        <table className="table table-sm">
          <tbody>
            {statuses.map((s) => (
              <tr key={s}>
                <th scope="row" className="font-normal">
                  {CONSULTATION_STATUS_LABELS[s]}
                </th>
                <td className="w-1/2">
                  <div
                    className="h-3 rounded bg-primary"
                    style={{ width: `${(stats.byStatus[s] / most) * 100}%` }}
                    aria-hidden="true"
                  />
                </td>
                <td className="text-right">{stats.byStatus[s]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </div>
  );
}
