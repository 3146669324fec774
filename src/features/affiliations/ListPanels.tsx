import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { AFFILIATION_TYPE_LABELS, type AffiliationStatus } from '../../../domain/enums.ts';
import { daysBetween } from '../../../domain/rules/affiliations.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { affiliationsApi, getExpiringAffiliationsQueryOptions, type ExportFormat } from '../../api/affiliations.ts';
import { messageOf } from '../../api/http.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { firstAnswerIn, useLoadedTogether } from '../../ui/LoadTogether.tsx';
import { saveBlob } from '../../ui/saveBlob.ts';
import { useToast } from '../../ui/toast/index.ts';
import { detailPathFor, indiaDay } from './model.ts';

const FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV',
  excel: 'CSV for Excel',
};

/** The list as a file the server streams: plain CSV, or CSV with what spreadsheets expect (BOM, CRLF). */
export function ExportButton({ status }: { status?: AffiliationStatus | undefined }) {
  const toast = useToast();
  const selectId = useId();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await affiliationsApi.export(format, status);
      saveBlob(
        blob,
        `affiliations${format === 'excel' ? '-excel' : ''}${status ? `-${status.toLowerCase()}` : ''}.csv`,
      );
    } catch (error) {
      toast.error(messageOf(error), { title: 'Download' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex items-start gap-2">
      <label htmlFor={selectId} className="sr-only">
        File format
      </label>
      <select
        id={selectId}
        className="select w-auto"
        value={format}
        onChange={(e) => setFormat(e.target.value as ExportFormat)}
      >
        {(Object.keys(FORMAT_LABELS) as ExportFormat[]).map((f) => (
          <option key={f} value={f}>
            {FORMAT_LABELS[f]}
          </option>
        ))}
      </select>
      <OnlineButton buttonStyle="outline" loading={busy} onClick={() => void download()}>
        Download {status ? 'these' : 'all'}
      </OnlineButton>
    </div>
  );
}

const WINDOWS = [30, 60, 90] as const;

/** Active affiliations ending soon (GET /affiliations/expiring?days): renew them from their page. */
export function ExpiringSoon() {
  const { user } = useAuth();
  const [days, setDays] = useState<number>(30);
  const selectId = useId();
  const expiring = useQuery({ ...getExpiringAffiliationsQueryOptions(days), placeholderData: (p) => p });
  useLoadedTogether(firstAnswerIn(expiring));
  const today = indiaDay();
  return (
    <section aria-labelledby="expiring-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="expiring-title" className="font-semibold">
            Expiring soon
          </h2>
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={selectId}>Ending within</label>
            <select
              id={selectId}
              className="select select-sm w-auto"
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
            >
              {WINDOWS.map((d) => (
                <option key={d} value={d}>
                  {d} days
                </option>
              ))}
            </select>
          </div>
        </div>
        {expiring.isPending ? (
          <Loading inline what="affiliations ending soon" />
        ) : expiring.isError ? (
          <LoadError what="affiliations ending soon" error={expiring.error} retry={() => void expiring.refetch()} />
        ) : expiring.data.affiliations.length === 0 ? (
          <p className="text-sm text-base-content/70">None of your active affiliations ends within {days} days.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Affiliations ending soon">
            {expiring.data.affiliations.map((a) => {
              const left = daysBetween(today, a.endDate);
              return (
                <li key={a.id} className="flex flex-wrap gap-x-2">
                  <Link className="link link-primary" to={detailPathFor(user, a.id)}>
                    {a.partner.name}
                  </Link>
                  <span>
                    {AFFILIATION_TYPE_LABELS[a.type]} · ends {formatDate(a.endDate)} (
                    {left <= 0 ? 'today' : `in ${left} day${left === 1 ? '' : 's'}`})
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
