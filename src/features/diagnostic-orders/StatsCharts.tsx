import { useEffect, useRef } from 'react';
import {
  DIAGNOSTIC_TEST_STATUS_LABELS,
  DIAGNOSTIC_TEST_TYPE_LABELS,
  type DiagnosticTestStatus,
} from '../../../domain/enums.ts';
import type { OrderStats } from '../../api/diagnosticOrders.ts';
import 'uplot/dist/uPlot.min.css';

const STAGES: Array<[keyof OrderStats['turnaround'], string]> = [
  ['orderToCollection', 'Order → collection'],
  ['collectionToReceipt', 'Collection → lab'],
  ['receiptToResult', 'Lab → result'],
  ['resultToRelease', 'Result → release'],
  ['collectionToRelease', 'Collection → release'],
];

/** Orders and released reports per day: uPlot, loaded only with this screen's chart chunk. */
function PerDayChart({ stats }: { stats: OrderStats }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled || !box.current) return;
      const xs = stats.perDay.map((d) => Date.parse(`${d.day}T12:00:00+05:30`) / 1000);
      chart = new UPlot(
        {
          width: Math.max(280, box.current.clientWidth),
          height: 220,
          series: [
            {},
            { label: 'Orders', stroke: '#2563eb', width: 2 },
            { label: 'Reports released', stroke: '#16a34a', width: 2 },
          ],
          axes: [{}, { label: 'Count' }],
        },
        [xs, stats.perDay.map((d) => d.orders), stats.perDay.map((d) => d.released)],
        box.current,
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [stats]);
  return (
    <div ref={box} role="img" aria-label="Orders and released reports per day" className="w-full overflow-hidden" />
  );
}

/** The statistics of GET …/stats as charts, with the figures in tables beside them for screen readers. */
export default function StatsCharts({ stats }: { stats: OrderStats }) {
  const longest = Math.max(1, ...STAGES.map(([key]) => stats.turnaround[key].p90Hours ?? 0));
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <figure className="card border border-base-300 p-4">
        <figcaption className="font-semibold">Volume per day</figcaption>
        <PerDayChart stats={stats} />
      </figure>
      <figure className="card border border-base-300 p-4">
        <figcaption className="font-semibold">Turnaround per stage (hours: median, 90th percentile)</figcaption>
        <table className="table table-sm">
          <tbody>
            {STAGES.map(([key, label]) => {
              const s = stats.turnaround[key];
              return (
                <tr key={key}>
                  <th scope="row" className="font-normal">
                    {label}
                  </th>
                  <td className="w-1/2">
                    <div className="flex h-3 items-center" aria-hidden="true">
                      <div
                        className="h-3 rounded-l bg-primary"
                        style={{ width: `${((s.medianHours ?? 0) / longest) * 100}%` }}
                      />
                      <div
                        className="h-3 rounded-r bg-primary/40"
                        style={{ width: `${(((s.p90Hours ?? 0) - (s.medianHours ?? 0)) / longest) * 100}%` }}
                      />
                    </div>
                  </td>
                  <td className="whitespace-nowrap text-sm">
                    {s.count === 0 ? 'No data' : `${s.medianHours} h · ${s.p90Hours} h`}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </figure>
      <figure className="card border border-base-300 p-4">
        <figcaption className="font-semibold">Tests by type</figcaption>
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">Test</th>
              <th scope="col">Ordered</th>
              <th scope="col">Released</th>
            </tr>
          </thead>
          <tbody>
            {stats.byTest.map((t) => (
              <tr key={t.testType}>
                <th scope="row" className="font-normal">
                  {DIAGNOSTIC_TEST_TYPE_LABELS[t.testType]}
                </th>
                <td>{t.count}</td>
                <td>{t.released}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
      <figure className="card border border-base-300 p-4">
        <figcaption className="font-semibold">Tests by status</figcaption>
        <ul className="text-sm">
          {Object.entries(stats.byStatus).map(([status, count]) => (
            <li key={status}>
              {DIAGNOSTIC_TEST_STATUS_LABELS[status as DiagnosticTestStatus] ?? status}: {count}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm">
          Rejection rate {(stats.rejectionRate * 100).toFixed(1)}% · {stats.breaches} report
          {stats.breaches === 1 ? '' : 's'} past the promised time
        </p>
      </figure>
    </div>
  );
}
