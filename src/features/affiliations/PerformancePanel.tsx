import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPaise } from '../../../domain/rules/commission.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import {
  affiliationKeys,
  affiliationsApi,
  getAffiliationPerformanceQueryOptions,
  type AffiliationDetail,
} from '../../api/affiliations.ts';
import { messageOf } from '../../api/http.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { Card } from './parts.tsx';

/** Referrals, conversions, revenue, commission and turnaround, computed by the server from the ledger and orders. */
export function PerformancePanel({ a }: { a: AffiliationDetail }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const performance = useQuery(getAffiliationPerformanceQueryOptions(a.id));
  const [busy, setBusy] = useState(false);
  const update = async () => {
    setBusy(true);
    try {
      const answer = await affiliationsApi.updatePerformance(a.id);
      queryClient.setQueryData(affiliationKeys.performance(a.id), answer.data);
      await queryClient.invalidateQueries({ queryKey: affiliationKeys.detail(a.id) });
      toast.success(answer.message ?? 'Performance brought up to date.', { title: 'Performance' });
    } catch (e) {
      toast.error(messageOf(e), { title: 'Performance' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Performance" id="performance">
      {performance.isPending ? (
        <Loading inline what="performance" />
      ) : performance.isError ? (
        <LoadError what="performance" error={performance.error} retry={() => void performance.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <Figure label="Referrals" value={String(performance.data.referrals)} />
            <Figure label="Conversions" value={String(performance.data.conversions)} />
            <Figure label="Conversion rate" value={`${performance.data.conversionRate}%`} />
            <Figure label="Revenue" value={formatPaise(performance.data.revenuePaise)} />
            <Figure label="Commission" value={formatPaise(performance.data.commissionPaise)} />
            <Figure
              label="Turnaround"
              value={
                performance.data.averageTurnaroundHours === null
                  ? 'No data'
                  : `${performance.data.averageTurnaroundHours} h`
              }
            />
          </dl>
          <p className="text-sm text-base-content/70">Computed {formatDateTime(performance.data.computedAt)}.</p>
        </>
      )}
      <OnlineButton buttonStyle="outline" className="w-fit" loading={busy} onClick={() => void update()}>
        Update from orders
      </OnlineButton>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-field bg-base-200/60 p-2">
      <dt className="text-xs text-base-content/70">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
