import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { SPECIALIZATION_LABELS } from '../../../../domain/enums.ts';
import { directoryApi, directoryKeys } from '../../../api/directory.ts';
import { LoadError, Loading } from '../../../ui/LoadStates.tsx';
import { Rating } from '../../../ui/Rating.tsx';
import { labelsOf } from '../options.ts';
import { PageSection } from './parts.tsx';
import { providerPaths } from './paths.ts';

const LIMIT = '50';

/** The doctors who practise at a hospital, each opening their own page. */
export function HospitalDoctors({ hospitalId }: { hospitalId: string }) {
  const query = { hospitalId, limit: LIMIT, sortBy: 'name' };
  const doctors = useQuery({
    queryKey: directoryKeys.search('doctors', query),
    queryFn: ({ signal }) => directoryApi.searchDoctors(query, signal),
  });
  const total = doctors.data?.pagination.total ?? 0;
  return (
    <PageSection title="Doctors">
      {doctors.isPending && <Loading what="the doctors" inline />}
      {doctors.isError && !doctors.data && (
        <LoadError what="the doctors" error={doctors.error} retry={() => void doctors.refetch()} />
      )}
      {doctors.data && doctors.data.items.length === 0 && (
        <p className="text-sm text-base-content/70">No doctor of this hospital is listed yet.</p>
      )}
      {doctors.data && doctors.data.items.length > 0 && (
        <ul className="flex flex-col gap-2 text-sm">
          {doctors.data.items.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Link className="link link-primary font-medium" to={providerPaths.doctor(d.slug)}>
                {d.name}
              </Link>
              <span className="text-base-content/70">
                {labelsOf(d.specializations, SPECIALIZATION_LABELS).join(', ')}
              </span>
              <Rating rating={d.rating} reviewCount={d.reviewCount} />
            </li>
          ))}
        </ul>
      )}
      {doctors.data && total > doctors.data.items.length && (
        <p className="text-sm text-base-content/70">
          And {total - doctors.data.items.length} more: search the doctors by the hospital’s name.
        </p>
      )}
    </PageSection>
  );
}
