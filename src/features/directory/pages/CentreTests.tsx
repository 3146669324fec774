import { useQuery } from '@tanstack/react-query';
import { DIAGNOSTIC_TEST_TYPE_LABELS, SAMPLE_TYPE_LABELS, labelOf } from '../../../../domain/enums.ts';
import { formatINR } from '../../../../domain/rules/format.ts';
import { getCatalogueQueryOptions } from '../../../api/diagnosticOrders.ts';
import { LoadError } from '../../../ui/LoadStates.tsx';
import { labelsOf } from '../options.ts';
import { Tags } from './parts.tsx';

export const hoursText = (hours: number) =>
  hours % 24 === 0 && hours >= 24
    ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}`
    : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/**
 * The tests a centre offers, as its catalogue prices them: price, sample, fasting, home collection and
 * the turnaround it promises. A centre with no catalogue yet shows the tests its profile lists.
 */
export function CentreTests({ centreId, listed }: { centreId: string; listed: readonly string[] }) {
  const catalogue = useQuery(getCatalogueQueryOptions(centreId));
  if (catalogue.isPending) return <p className="text-sm text-base-content/70">Loading the tests and prices…</p>;
  if (catalogue.isError)
    return <LoadError what="the tests and prices" error={catalogue.error} retry={() => void catalogue.refetch()} />;
  const tests = catalogue.data;
  if (tests.length === 0)
    return (
      <>
        <Tags values={labelsOf(listed, DIAGNOSTIC_TEST_TYPE_LABELS)} none="No test listed yet." />
        {listed.length > 0 && <p className="text-sm text-base-content/70">Prices not listed yet: call the centre.</p>}
      </>
    );
  return (
    <ul className="divide-y divide-base-300" aria-label="Tests and prices">
      {tests.map((test) => (
        <li key={test.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <span className="font-medium">{labelOf(DIAGNOSTIC_TEST_TYPE_LABELS, test.testType, test.testType)}</span>
            <span className="font-semibold tabular-nums">
              {test.price === null ? 'Price on request' : formatINR(test.price)}
            </span>
          </div>
          <p className="text-sm text-base-content/80">
            {[
              labelOf(SAMPLE_TYPE_LABELS, test.sampleType, test.sampleType),
              test.fastingHours > 0 ? `fast ${hoursText(test.fastingHours)}` : 'no fasting',
              test.turnaroundHours === null ? null : `results in ${hoursText(test.turnaroundHours)}`,
              test.homeCollection ? 'home collection' : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {test.preparation && <p className="text-sm text-base-content/70">{test.preparation}</p>}
        </li>
      ))}
    </ul>
  );
}
