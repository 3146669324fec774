import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  AFFILIATION_BENEFIT_LABELS,
  AFFILIATION_STATUS_LABELS,
  PROVIDER_KIND_LABELS,
  type AffiliationBenefit,
  type AffiliationStatus,
  type ProviderKind,
} from '../../../domain/enums.ts';
import { getDoctorQueryOptions } from '../../api/doctors.ts';
import { StatusBadge, type BadgeTone } from '../../ui/StatusBadge.tsx';
import { partyPagePath } from './model.ts';

const TONES: Record<AffiliationStatus, BadgeTone> = {
  PENDING: 'warning',
  ACTIVE: 'success',
  SUSPENDED: 'info',
  TERMINATED: 'error',
  EXPIRED: 'neutral',
};

export function AffiliationStatusBadge({ status, size }: { status: AffiliationStatus; size?: 'sm' | 'md' }) {
  return (
    <StatusBadge tone={TONES[status]} size={size}>
      {AFFILIATION_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

export const benefitsText = (benefits: readonly AffiliationBenefit[]) =>
  benefits.length === 0 ? 'None' : benefits.map((b) => AFFILIATION_BENEFIT_LABELS[b]).join(', ');

type Party = { kind: ProviderKind; id: string; name: string; city: string | null };

/** A party's name, linked to its public page (a doctor's through the slug of their profile). */
export function PartyLink({ party }: { party: Party }) {
  if (party.kind === 'DOCTOR') return <DoctorLink party={party} />;
  const path = partyPagePath(party.kind, party.id);
  return path ? (
    <Link className="link link-primary" to={path}>
      {party.name}
    </Link>
  ) : (
    <span>{party.name}</span>
  );
}

function DoctorLink({ party }: { party: Party }) {
  const doctor = useQuery(getDoctorQueryOptions(party.id));
  const path = partyPagePath('DOCTOR', party.id, doctor.data?.slug);
  if (!path) return <span>{party.name}</span>;
  return (
    <Link className="link link-primary" to={path}>
      {party.name}
    </Link>
  );
}

export const partyKindText = (kind: ProviderKind) => PROVIDER_KIND_LABELS[kind];

/** A titled section of the detail page. */
export function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
