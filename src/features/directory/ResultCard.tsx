import { INDIAN_REGION_LABELS, VERIFICATION_STATUS_LABELS, labelOf } from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import type { CardSummary, DirectoryEntry } from './directoryTypes.ts';

/** One organisation or doctor of a directory: name, place, rating, badges, facts and phone. */
export function ResultCard({
  item,
  summary,
  isAdmin,
}: {
  item: DirectoryEntry;
  summary: CardSummary;
  isAdmin: boolean;
}) {
  const place = `${item.city}, ${labelOf(INDIAN_REGION_LABELS, item.state, item.state)}`;
  return (
    <div className="card h-full border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-semibold">{item.name}</h2>
          {item.distanceKm !== undefined && (
            <span className="badge badge-primary badge-soft shrink-0" data-distance-km={item.distanceKm}>
              {item.distanceKm.toFixed(1)} km
            </span>
          )}
        </div>
        <p className="grow-0 text-sm text-base-content/80">
          {summary.subtitle ? `${summary.subtitle} · ${place}` : place}
        </p>
        <div className="flex flex-wrap gap-1 text-xs">
          <span className="badge badge-ghost">
            <span aria-hidden="true">★</span> {item.rating.toFixed(1)}
            <span className="sr-only"> out of 5</span> · {item.reviewCount.toLocaleString('en-IN')}{' '}
            {item.reviewCount === 1 ? 'review' : 'reviews'}
          </span>
          {summary.badges?.map((badge) => (
            <span key={badge} className="badge badge-ghost">
              {badge}
            </span>
          ))}
          {isAdmin && (
            <StatusBadge tone={item.verificationStatus === 'VERIFIED' ? 'success' : 'warning'}>
              {VERIFICATION_STATUS_LABELS[item.verificationStatus]}
              {item.status !== 'ACTIVE' ? ` · ${item.status.toLowerCase()}` : ''}
            </StatusBadge>
          )}
        </div>
        {summary.facts && summary.facts.length > 0 && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            {summary.facts.map((fact) => (
              <div key={fact.label} className="contents">
                <dt className="text-base-content/70">{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {item.phone && (
          <a className="link link-primary w-fit text-sm" href={`tel:+91${item.phone}`}>
            {formatPhone(item.phone)}
          </a>
        )}
      </div>
    </div>
  );
}
