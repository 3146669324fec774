import { INDIAN_REGION_LABELS, VERIFICATION_STATUS_LABELS, labelOf } from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../ui/Button.tsx';
import { Rating } from '../../ui/Rating.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import type { CardSummary, DirectoryEntry } from './directoryTypes.ts';

/**
 * One organisation or doctor of a directory: name (opening its page), place, rating, badges, facts,
 * phone, and the Book action when the list books.
 */
export function ResultCard({
  item,
  summary,
  isAdmin,
  pagePath,
  bookPath,
}: {
  item: DirectoryEntry;
  summary: CardSummary;
  isAdmin: boolean;
  pagePath: string;
  bookPath?: string | undefined;
}) {
  const place = `${item.city}, ${labelOf(INDIAN_REGION_LABELS, item.state, item.state)}`;
  return (
    <div className="card h-full border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-semibold">
            <Link to={pagePath} className="link link-hover">
              {item.name}
            </Link>
          </h2>
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
          <Rating rating={item.rating} reviewCount={item.reviewCount} />
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
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          {item.phone ? (
            <a className="link link-primary w-fit text-sm" href={`tel:+91${item.phone}`}>
              {formatPhone(item.phone)}
            </a>
          ) : (
            <span aria-hidden="true" />
          )}
          {bookPath && (
            <ButtonLink to={bookPath} size="sm">
              Book<span className="sr-only"> with {item.name}</span>
            </ButtonLink>
          )}
        </div>
      </div>
    </div>
  );
}
