import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { AFFILIATION_PARTY_TYPE_LABELS, AFFILIATION_TYPE_LABELS } from '../../../domain/enums.ts';
import { needsVerification } from '../../../domain/rules/affiliations.ts';
import { formatDate, formatDateTime } from '../../../domain/rules/format.ts';
import { getAffiliationQueryOptions, type AffiliationDetail } from '../../api/affiliations.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ActionsPanel } from './ActionsPanel.tsx';
import { CommissionPanel } from './CommissionPanel.tsx';
import { kindPathOf, ownsRolePath } from './model.ts';
import { AffiliationStatusBadge, Card, PartyLink, benefitsText, partyKindText } from './parts.tsx';
import { PerformancePanel } from './PerformancePanel.tsx';

const ROLE_WORDS = { PROPOSER: 'You proposed it', RECIPIENT: 'Proposed to you', ADMIN: 'You review it as an admin' };

/**
 * One affiliation, for either party or an admin: /affiliations/{id} and the four role paths
 * (/hospital/{hospitalId}/affiliations/{id} …), where the id in the path must be the caller's own.
 */
export function AffiliationDetailScreen() {
  usePageTitle('Affiliation');
  const params = useParams();
  const { user } = useAuth();
  const affiliationId = params['affiliationId'] ?? '';
  const kind = kindPathOf(user?.role);
  const allowed = ownsRolePath(params, user) && kind !== null;
  const detail = useQuery({ ...getAffiliationQueryOptions(kind ?? 'hospital', affiliationId), enabled: allowed });
  const back = user?.role === 'ADMIN' ? '/admin/affiliations' : '/affiliations';
  if (!allowed) return <NoSuchAffiliation back={back} />;
  if (detail.isPending) return <Loading what="the affiliation" />;
  if (detail.isError) {
    const status = (detail.error as { status?: number }).status;
    if (status === 404) return <NoSuchAffiliation back={back} />;
    return <LoadError what="the affiliation" error={detail.error} retry={() => void detail.refetch()} />;
  }
  return <DetailView a={detail.data} back={back} />;
}

function NoSuchAffiliation({ back }: { back: string }) {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">Affiliation not found</h1>
      <EmptyState title="There is no such affiliation among yours.">
        <Link className="link link-primary" to={back}>
          Back to affiliations
        </Link>
      </EmptyState>
    </section>
  );
}

function DetailView({ a, back }: { a: AffiliationDetail; back: string }) {
  const money = needsVerification(a.benefits);
  return (
    <section aria-labelledby="affiliation-title" className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <Link className="link w-fit text-sm" to={back}>
        ← All affiliations
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="affiliation-title" className="text-2xl font-bold tracking-tight break-words">
          {AFFILIATION_TYPE_LABELS[a.type]} with {a.myRole === 'ADMIN' ? `${a.proposer.name} and ` : ''}
          {a.partner.name}
        </h1>
        <AffiliationStatusBadge status={a.status} />
      </div>
      <OfflineNotice />
      <ActionsPanel a={a} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card title="Parties" id="parties">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/70">Proposed by</dt>
            <dd>
              <PartyLink party={a.proposer} /> · {partyKindText(a.proposer.kind)}
              {a.proposer.city ? `, ${a.proposer.city}` : ''}
            </dd>
            <dt className="text-base-content/70">Proposed to</dt>
            <dd>
              <PartyLink party={a.recipient} /> · {partyKindText(a.recipient.kind)}
              {a.recipient.city ? `, ${a.recipient.city}` : ''}
            </dd>
            <dt className="text-base-content/70">You</dt>
            <dd>{ROLE_WORDS[a.myRole]}</dd>
            <dt className="text-base-content/70">Consent</dt>
            <dd>{a.consentedAt ? `Approved ${formatDateTime(a.consentedAt)}` : 'Not approved yet'}</dd>
            <dt className="text-base-content/70">Verification</dt>
            <dd>
              {!a.verificationRequired
                ? 'Not needed (no commission or revenue share)'
                : a.verifiedAt
                  ? `Verified by an admin ${formatDateTime(a.verifiedAt)}`
                  : 'Waits for an admin to verify it'}
            </dd>
          </dl>
        </Card>
        <Card title="Terms" id="terms">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/70">Type</dt>
            <dd>{AFFILIATION_TYPE_LABELS[a.type]}</dd>
            <dt className="text-base-content/70">Party type</dt>
            <dd>{AFFILIATION_PARTY_TYPE_LABELS[a.partyType]}</dd>
            <dt className="text-base-content/70">Benefits</dt>
            <dd>{benefitsText(a.benefits)}</dd>
            <dt className="text-base-content/70">Runs</dt>
            <dd>
              {formatDate(a.startDate)} – {formatDate(a.endDate)}
            </dd>
            {a.reason && (
              <>
                <dt className="text-base-content/70">Last reason</dt>
                <dd>{a.reason}</dd>
              </>
            )}
          </dl>
          <p className="text-sm whitespace-pre-line">{a.terms}</p>
          {a.termsVersions.length > 1 && (
            <details className="text-sm">
              <summary className="cursor-pointer">Earlier versions of the terms ({a.termsVersions.length - 1})</summary>
              <ol className="mt-1 flex flex-col gap-1">
                {[...a.termsVersions]
                  .sort((x, y) => y.version - x.version)
                  .slice(1)
                  .map((v) => (
                    <li key={v.version}>
                      v{v.version} ({formatDateTime(v.createdAt)}): {AFFILIATION_TYPE_LABELS[v.type]},{' '}
                      {benefitsText(v.benefits)}, {formatDate(v.startDate)} – {formatDate(v.endDate)}. {v.terms}
                    </li>
                  ))}
              </ol>
            </details>
          )}
        </Card>
      </div>
      {money && <CommissionPanel a={a} />}
      <PerformancePanel a={a} />
      <Card title="History" id="history">
        {a.history.length === 0 ? (
          <p className="text-sm">Nothing recorded yet.</p>
        ) : (
          <ol className="flex flex-col gap-1 text-sm">
            {a.history.map((h, i) => (
              <li key={`${h.at}-${i}`}>
                <span className="text-base-content/70">{formatDateTime(h.at)}</span> · {historyWords(h.action)} by{' '}
                {h.actorRole.toLowerCase()}
                {h.from !== h.to ? ` (${h.from.toLowerCase()} → ${h.to.toLowerCase()})` : ''}
                {h.reason ? `: ${h.reason}` : ''}
              </li>
            ))}
          </ol>
        )}
      </Card>
    </section>
  );
}

const HISTORY_WORDS: Record<string, string> = {
  PROPOSE: 'Proposed',
  UPDATE_TERMS: 'Terms changed',
  UPDATE_COMMISSION: 'Commission structure changed',
  APPROVE: 'Approved',
  REJECT: 'Rejected',
  VERIFY: 'Verified',
  ACTIVATE: 'Activated',
  SUSPEND: 'Suspended',
  TERMINATE: 'Terminated',
  RENEW: 'Renewed',
  EXPIRE: 'Expired',
  SETTLE: 'Period settled',
};
const historyWords = (action: string) => HISTORY_WORDS[action] ?? action.toLowerCase().replaceAll('_', ' ');
