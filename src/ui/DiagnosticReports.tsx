import type { ReactNode } from 'react';
import { DIAGNOSTIC_TEST_TYPE_LABELS, type DiagnosticTestType } from '../../domain/enums.ts';
import { formatDate } from '../../domain/rules/format.ts';
import type { DiagnosticOrder } from '../api/diagnosticOrders.ts';
import { FlagBadge, TestStatusBadge, rangeText, resultText } from './diagnosticResults.tsx';

/** Diagnostic reports as a list, with their values, flags and ranges, and the trend of repeated tests. */

type Point = { at: string; value: number; unit: string };

/** Numeric released results of each test done more than once, oldest first. */
export function trends(orders: DiagnosticOrder[]): Array<[DiagnosticTestType, Point[]]> {
  const byTest = new Map<DiagnosticTestType, Point[]>();
  for (const order of orders) {
    for (const test of order.tests) {
      const r = test.result;
      if (!r || r.kind !== 'NUMERIC' || r.value === null || !test.releasedAt) continue;
      byTest.set(test.testType, [
        ...(byTest.get(test.testType) ?? []),
        { at: test.collectedAt ?? test.releasedAt, value: r.value, unit: r.unit },
      ]);
    }
  }
  return [...byTest.entries()]
    .filter(([, points]) => points.length > 1)
    .map(([t, points]) => [t, points.sort((a, b) => (a.at < b.at ? -1 : 1))]);
}

/** A small line of values over time, with the values in words for screen readers. */
function Trend({ test, points }: { test: DiagnosticTestType; points: Point[] }) {
  const values = points.map((p) => p.value);
  const [min, max] = [Math.min(...values), Math.max(...values)];
  const x = (i: number) => 10 + (i * 280) / Math.max(1, points.length - 1);
  const y = (v: number) => 70 - (max === min ? 30 : ((v - min) / (max - min)) * 60);
  const words = points.map((p) => `${formatDate(p.at)}: ${p.value} ${p.unit}`).join('; ');
  return (
    <figure className="flex flex-col items-stretch gap-1 rounded-box border border-base-300 p-3">
      <figcaption className="text-sm font-medium">{DIAGNOSTIC_TEST_TYPE_LABELS[test]} over time</figcaption>
      <svg
        viewBox="0 0 300 80"
        className="h-20 w-full max-w-sm"
        role="img"
        aria-label={`${DIAGNOSTIC_TEST_TYPE_LABELS[test]}: ${words}`}
      >
        <polyline
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          points={points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}
        />
        {points.map((p, i) => (
          <circle key={p.at} cx={x(i)} cy={y(p.value)} r="3" fill="currentColor" />
        ))}
      </svg>
      <p className="text-xs text-base-content/70">{words}</p>
    </figure>
  );
}

/**
 * Each order with its tests: a released result with its value, flag and reference range; a test not
 * released yet with its status. `link` adds a link to the order's own page (a printable report).
 */
export function DiagnosticReportList({
  orders,
  link,
  label,
}: {
  orders: DiagnosticOrder[];
  link?: (order: DiagnosticOrder) => ReactNode;
  label?: string;
}) {
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {trends(orders).map(([test, points]) => (
          <Trend key={test} test={test} points={points} />
        ))}
      </div>
      <ul className="flex flex-col gap-3" aria-label={label}>
        {orders.map((order) => (
          <li key={order.id} className="rounded-box border border-base-300 p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">
                {order.centreName} · {formatDate(order.createdAt)}
              </span>
              {link?.(order)}
            </div>
            <ul className="mt-2 flex flex-col gap-1">
              {order.tests.map((test) => (
                <li key={test.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <span>{DIAGNOSTIC_TEST_TYPE_LABELS[test.testType]}</span>
                  {test.result ? (
                    <>
                      <span className="font-semibold">{resultText(test.result)}</span>
                      <FlagBadge flag={test.result.flag} />
                      <span className="text-base-content/70">Reference {rangeText(test.result)}</span>
                    </>
                  ) : (
                    <TestStatusBadge status={test.status} />
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}
