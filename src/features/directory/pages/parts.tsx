import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { WEEKDAYS, WEEKDAY_LABELS } from '../../../../domain/enums.ts';
import { formatPhone } from '../../../../domain/rules/phone.ts';
import { mapsLink, openNow, type WeekHours } from '../../../../domain/rules/providerFacts.ts';
import type { Address } from '../../../../domain/schemas/common.ts';
import { OfflineNotice } from '../../../offline/OfflineMarks.tsx';
import { useAuth } from '../../../session/AuthContext.ts';
import { formatAddress } from '../../../ui/address.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { LoadError, Loading } from '../../../ui/LoadStates.tsx';
import { Rating } from '../../../ui/Rating.tsx';
import { StatusBadge } from '../../../ui/StatusBadge.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';

/** Android offers its maps apps for a `geo:` link; elsewhere a maps web address opens. */
const isAndroid = () => typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);

type Place = {
  name: string;
  rating: number;
  reviewCount: number;
  verificationStatus: string;
};

/**
 * A public page of a place: back to the list, the name with its verified badge and rating, what kind
 * of place it is, the actions (Book …) and the sections. Loading and error states for the one query.
 */
export function ProviderPage<T extends Place>({
  query,
  what,
  backTo,
  backLabel,
  subtitle,
  actions,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  backTo: string;
  backLabel: string;
  subtitle: (place: T) => ReactNode;
  actions?: (place: T) => ReactNode;
  children: (place: T) => ReactNode;
}) {
  const titleId = useId();
  const place = query.data;
  usePageTitle(place?.name ?? what);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <Link to={backTo} className="link link-hover w-max text-sm">
        <span aria-hidden="true">← </span>
        {backLabel}
      </Link>
      <OfflineNotice />
      {query.isPending && <Loading what={what} />}
      {query.isError && !place && <LoadError what={what} error={query.error} retry={() => void query.refetch()} />}
      {place && (
        <>
          <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex flex-col gap-1">
              <h1 id={titleId} className="text-2xl font-bold tracking-tight">
                {place.name}
              </h1>
              <p className="text-base-content/80">{subtitle(place)}</p>
              <div className="flex flex-wrap gap-1 text-xs">
                {place.verificationStatus === 'VERIFIED' && <StatusBadge tone="success">Verified</StatusBadge>}
                <Rating rating={place.rating} reviewCount={place.reviewCount} />
              </div>
            </div>
            {actions && <div className="flex flex-wrap gap-2">{actions(place)}</div>}
          </header>
          <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">{children(place)}</div>
        </>
      )}
    </section>
  );
}

/** One card of a page, with its heading. */
export function PageSection({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`card border border-base-300 bg-base-100 ${wide ? 'lg:col-span-2' : ''}`}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** Address with "Open in maps", phone, email and website. */
export function ContactSection({
  place,
}: {
  place: {
    address: Address;
    latitude: number | null;
    longitude: number | null;
    phone: string | null;
    email: string | null;
    website?: string | null;
  };
}) {
  const address = formatAddress(place.address);
  return (
    <PageSection title="Address and contact">
      <p className="text-sm">{address}</p>
      <a
        className="link link-primary w-fit text-sm"
        href={mapsLink({ latitude: place.latitude, longitude: place.longitude, address }, isAndroid())}
        target="_blank"
        rel="noreferrer"
      >
        Open in maps<span className="sr-only"> (opens another app or tab)</span>
      </a>
      <ul className="flex flex-col gap-1 text-sm">
        {place.phone && (
          <li>
            Phone:{' '}
            <a className="link link-primary" href={`tel:+91${place.phone}`}>
              {formatPhone(place.phone)}
            </a>
          </li>
        )}
        {place.email && (
          <li>
            Email:{' '}
            <a className="link link-primary break-all" href={`mailto:${place.email}`}>
              {place.email}
            </a>
          </li>
        )}
        {place.website && (
          <li>
            Website:{' '}
            <a className="link link-primary break-all" href={place.website} target="_blank" rel="noreferrer">
              {place.website}
            </a>
          </li>
        )}
      </ul>
    </PageSection>
  );
}

const timeOf = (hours: WeekHours[keyof WeekHours]) =>
  !hours
    ? 'No hours given'
    : 'closed' in hours
      ? 'Closed'
      : 'open24Hours' in hours
        ? 'Open 24 hours'
        : `${hours.open}–${hours.close}`;

/** "Open now" (India time) and the week's hours. */
export function OpeningHoursSection({ hours }: { hours: WeekHours }) {
  const now = openNow(hours);
  return (
    <PageSection title="Opening hours">
      {now.state === 'unknown' ? (
        <p className="text-sm text-base-content/70">No opening hours given yet. Call before you go.</p>
      ) : (
        <>
          <p className="text-sm font-medium" data-open-now={now.state}>
            {now.state === 'open' ? (
              <StatusBadge tone="success">Open now</StatusBadge>
            ) : (
              <StatusBadge tone="neutral">Closed now</StatusBadge>
            )}{' '}
            {now.state === 'open'
              ? now.until
                ? `until ${now.until} (India time)`
                : 'round the clock'
              : now.opensAt
                ? `opens ${WEEKDAY_LABELS[now.opensAt.day]}${now.opensAt.time ? ` at ${now.opensAt.time}` : ''} (India time)`
                : ''}
          </p>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
            {WEEKDAYS.map((day) => (
              <div key={day} className="contents">
                <dt className="font-medium text-base-content/70">{WEEKDAY_LABELS[day]}</dt>
                <dd>{timeOf(hours[day])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </PageSection>
  );
}

/** Labels as a list of small badges, or what to say when there are none. */
export function Tags({ values, none }: { values: readonly string[]; none: string }) {
  if (values.length === 0) return <p className="text-sm text-base-content/70">{none}</p>;
  return (
    <ul className="flex flex-wrap gap-1">
      {values.map((value) => (
        <li key={value} className="badge badge-ghost">
          {value}
        </li>
      ))}
    </ul>
  );
}

/**
 * Book: a patient goes to the booking screen; a User too, where they are offered to become a patient
 * first. Other roles do not book.
 */
export function BookAction({ to, name }: { to: string; name: string }) {
  const { user } = useAuth();
  if (user?.role !== 'PATIENT' && user?.role !== 'USER') return null;
  return (
    <ButtonLink to={to}>
      Book<span className="sr-only"> with {name}</span>
    </ButtonLink>
  );
}
