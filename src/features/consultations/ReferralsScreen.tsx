import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { URGENCY_LABELS } from '../../../domain/enums.ts';
import { REFERRAL_STATUSES, type ReferralStatus } from '../../../domain/rules/consultationCare.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { careKeys, carePaths, getReferralsQueryOptions, type Referral } from '../../api/consultationCare.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { defineOfflineChange } from '../../offline/offlineChange.ts';
import { OfflineNotice, PendingChangeNote } from '../../offline/OfflineMarks.tsx';
import { savedMessage } from '../../offline/submit.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useToast } from '../../ui/toast/useToast.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';

type Decision = { referralId: string; decision: 'ACCEPT' | 'DECLINE' };

/** The receiver's answer to a referral: queued offline like every change, "Waiting to send" until sent. */
const decideReferral = defineOfflineChange<Decision>({
  kind: 'referral-decision',
  method: 'PATCH',
  path: (input) => carePaths.decide(input.referralId),
  body: (input) => ({ decision: input.decision }),
  label: (input) => (input.decision === 'ACCEPT' ? 'Accept referral' : 'Decline referral'),
  meta: (input) => ({ referralId: input.referralId }),
  invalidates: () => [careKeys.allReferrals],
});

const STATUS_LABELS: Record<ReferralStatus, string> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
};
const TONES = { PENDING: 'info', ACCEPTED: 'success', DECLINED: 'neutral' } as const;

/** /referrals — sent and received referrals with their status; the patient books an accepted one. */
export function ReferralsScreen() {
  usePageTitle('Referrals');
  const [params, setParams] = useSearchParams();
  const status = REFERRAL_STATUSES.includes(params.get('status') as ReferralStatus) ? params.get('status')! : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(getReferralsQueryOptions(status, page));
  const set = (next: Record<string, string>) => setParams({ ...(status ? { status } : {}), ...next });
  return (
    <section aria-labelledby="referrals-title" className="flex flex-col gap-4">
      <h1 id="referrals-title" className="text-2xl font-bold tracking-tight">
        Referrals
      </h1>
      <OfflineNotice queryKey={careKeys.referrals(status, page)} />
      <label className="flex max-w-xs flex-col gap-1 text-sm">
        Status
        <select
          className="select select-sm"
          value={status}
          onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}
        >
          <option value="">All</option>
          {REFERRAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      {list.isPending && <Loading what="referrals" />}
      {list.isError && <LoadError what="referrals" error={list.error} retry={() => void list.refetch()} />}
      {list.data && list.data.referrals.length === 0 && (
        <p className="rounded-box border border-base-300 p-6 text-sm text-base-content/70">
          No referrals{status ? ` ${STATUS_LABELS[status as ReferralStatus].toLowerCase()}` : ''} yet.
        </p>
      )}
      {list.data && list.data.referrals.length > 0 && (
        <ul className="flex flex-col gap-3">
          {list.data.referrals.map((r) => (
            <ReferralCard key={r.id} referral={r} />
          ))}
        </ul>
      )}
      {list.data && <Pagination pagination={list.data.pagination} onPage={(p) => set({ page: String(p) })} />}
    </section>
  );
}

function ReferralCard({ referral: r }: { referral: Referral }) {
  const { user } = useAuth();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const waiting = decideReferral.useWaiting({ referralId: r.id });
  async function decide(decision: Decision['decision']) {
    if (!user) return;
    setBusy(true);
    try {
      const result = await decideReferral.submit(user.id, { referralId: r.id, decision });
      if (result.status === 'sent') toast.success(decision === 'ACCEPT' ? 'Referral accepted.' : 'Referral declined.');
      else if (result.status === 'saved') toast.info(savedMessage(result.reason));
      else if (result.status === 'refused') toast.error(result.error.message);
    } finally {
      setBusy(false);
    }
  }
  const heading =
    r.side === 'RECEIVER'
      ? `${r.patientName}, from ${r.fromName}`
      : r.side === 'PATIENT'
        ? `To ${r.targetName}, from ${r.fromName}`
        : `${r.patientName} to ${r.targetName}`;
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold break-words">{heading}</h2>
          <StatusBadge tone={TONES[r.status]} size="sm">
            {STATUS_LABELS[r.status]}
          </StatusBadge>
          <span className="badge badge-ghost badge-sm">{URGENCY_LABELS[r.urgency]} urgency</span>
        </div>
        <p className="text-sm break-words">{r.reason}</p>
        <p className="text-xs text-base-content/70">
          Sent {formatDateTime(r.createdAt)}
          {r.respondedAt ? ` · answered ${formatDateTime(r.respondedAt)}` : ''}
          {r.responseNote ? ` · “${r.responseNote}”` : ''}
        </p>
        {waiting.map((entry) => (
          <PendingChangeNote key={entry.id} entry={entry} />
        ))}
        <div className="flex flex-wrap gap-2">
          {r.side === 'RECEIVER' && r.status === 'PENDING' && waiting.length === 0 && (
            <>
              <Button size="sm" loading={busy} onClick={() => void decide('ACCEPT')}>
                Accept referral
              </Button>
              <Button
                size="sm"
                buttonStyle="outline"
                variant="danger"
                loading={busy}
                onClick={() => void decide('DECLINE')}
              >
                Decline
              </Button>
            </>
          )}
          {r.bookingUrl && (
            <ButtonLink to={r.bookingUrl} size="sm">
              Book {r.targetName}
            </ButtonLink>
          )}
          {r.side !== 'RECEIVER' && (
            <Link className="link text-sm" to={`/consultations/${r.consultationId}`}>
              The consultation
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}
