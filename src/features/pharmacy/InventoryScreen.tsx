import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DRUG_SCHEDULE_LABELS, STOCK_MOVEMENT_LABELS } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { RECEIPT_COLUMNS } from '../../../domain/schemas/pharmacyInventory.ts';
import {
  getExpiringQueryOptions,
  getInventoryQueryOptions,
  getLedgerQueryOptions,
  pharmacyApi,
  pharmacyKeys,
  pharmacyPaths,
} from '../../api/pharmacy.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { LoadTogether, ReadyWhen, firstAnswerIn } from '../../ui/LoadTogether.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { rupees } from './parts.tsx';

const PAGE_SIZE = 20;

/** Stock by medicine and batch (on hand from the ledger), low stock, near expiry, the ledger, CSV in and out. */
export function InventoryScreen() {
  usePageTitle('Inventory');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [lowStock, setLowStock] = useState(false);
  const [days, setDays] = useState(90);
  const [ledgerPage, setLedgerPage] = useState(1);
  const [importing, setImporting] = useState(false);
  const [csv, setCsv] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stock = useQuery(
    getInventoryQueryOptions({
      page,
      limit: PAGE_SIZE,
      search: search || undefined,
      lowStock: lowStock ? 'true' : undefined,
    }),
  );
  const expiring = useQuery(getExpiringQueryOptions(days));
  const ledger = useQuery(getLedgerQueryOptions(ledgerPage));

  async function receive() {
    setBusy(true);
    try {
      const answer = await pharmacyApi.receipt(csv);
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: pharmacyKeys.inventoryAll });
      void queryClient.invalidateQueries({ queryKey: ['pharmacy'] });
      setImporting(false);
      setCsv('');
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not received.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="inventory-title" className="flex w-full flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="inventory-title" className="text-2xl font-bold tracking-tight">
          Inventory
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setImporting(true)}>
            Receive stock (CSV)
          </Button>
          <a className="btn btn-sm btn-outline" href={pharmacyPaths.export('stock')} download>
            Export stock
          </a>
          <a className="btn btn-sm btn-outline" href={pharmacyPaths.export('ledger')} download>
            Export ledger
          </a>
          <a className="btn btn-sm btn-outline" href={pharmacyPaths.export('h1-register')} download>
            H1 register
          </a>
        </div>
      </div>
      <OfflineNotice />
      <form
        role="search"
        aria-label="Filter stock"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label="Search brand or salt"
          value={search}
          onChange={(e) => (setPage(1), setSearch(e.target.value))}
        />
        <label className="flex items-center gap-2 pb-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={lowStock}
            onChange={(e) => (setPage(1), setLowStock(e.target.checked))}
          />
          Low stock only
        </label>
      </form>
      <LoadTogether what="the stock">
        <ReadyWhen ready={firstAnswerIn(stock) && firstAnswerIn(expiring) && firstAnswerIn(ledger)} />
        {stock.isPending ? (
          <Loading what="stock" />
        ) : stock.isError ? (
          <LoadError what="stock" error={stock.error} retry={() => void stock.refetch()} />
        ) : stock.data.medicines.length === 0 ? (
          <EmptyState title="No medicines match">
            Receive stock from a supplier’s CSV to fill your medicine list.
          </EmptyState>
        ) : (
          <>
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Medicine</th>
                    <th scope="col">Schedule</th>
                    <th scope="col">Sellable / on hand</th>
                    <th scope="col">Batches (expiry, on hand)</th>
                  </tr>
                </thead>
                <tbody>
                  {stock.data.medicines.map((m) => (
                    <tr key={m.id}>
                      <td>
                        <span className="font-medium">
                          {m.brandName} {m.strength}
                        </span>
                        <span className="block text-xs">{m.genericName}</span>
                      </td>
                      <td className="text-sm">{DRUG_SCHEDULE_LABELS[m.schedule]}</td>
                      <td className="text-sm">
                        {m.sellable} / {m.onHand}
                        {m.lowStock && (
                          <StatusBadge tone="error" size="sm" className="ml-2">
                            Low stock (reorder at {m.reorderLevel})
                          </StatusBadge>
                        )}
                      </td>
                      <td className="text-sm">
                        <ul>
                          {m.batches.map((b) => (
                            <li key={b.id}>
                              {b.batchNumber}: {b.expiryDate}, {b.onHand}
                              {b.recalled
                                ? ' · recalled'
                                : b.expired
                                  ? ' · expired (never sold)'
                                  : b.expiryBand
                                    ? ` · expires within ${b.expiryBand} days`
                                    : ''}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination pagination={stock.data.pagination} onPage={setPage} />
          </>
        )}

        <h2 className="text-lg font-semibold">Expired and near expiry</h2>
        <div role="group" aria-label="Expiring within" className="join">
          {[30, 60, 90].map((d) => (
            <button
              key={d}
              type="button"
              className={`btn join-item btn-sm ${days === d ? 'btn-primary' : ''}`}
              aria-pressed={days === d}
              onClick={() => setDays(d)}
            >
              {d} days
            </button>
          ))}
        </div>
        {expiring.isPending ? (
          <Loading what="expiring stock" />
        ) : expiring.isError ? (
          <LoadError what="expiring stock" error={expiring.error} retry={() => void expiring.refetch()} />
        ) : expiring.data.batches.length === 0 ? (
          <EmptyState title="Nothing expires soon">No stock on hand expires within {days} days.</EmptyState>
        ) : (
          <>
            <p className="text-sm">
              Expired: {rupees(expiring.data.expiredValue)} · expiring within {days} days:{' '}
              {rupees(expiring.data.nearExpiryValue)} (at purchase price)
            </p>
            <ul className="flex flex-col gap-1 text-sm" aria-label="Expiring batches">
              {expiring.data.batches.map((b) => (
                <li key={b.id}>
                  {b.brandName} · {b.batchNumber} · {b.expiryDate} · {b.onHand} units ·{' '}
                  {b.expired ? (
                    <StatusBadge tone="error" size="sm">
                      Expired
                    </StatusBadge>
                  ) : (
                    <StatusBadge tone="warning" size="sm">
                      Within {b.expiryBand} days
                    </StatusBadge>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}

        <h2 className="text-lg font-semibold">Stock ledger</h2>
        {ledger.isPending ? (
          <Loading what="the ledger" />
        ) : ledger.isError ? (
          <LoadError what="the ledger" error={ledger.error} retry={() => void ledger.refetch()} />
        ) : ledger.data.lines.length === 0 ? (
          <EmptyState title="No movements yet">Receipts, dispenses, returns and adjustments appear here.</EmptyState>
        ) : (
          <>
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table table-sm" aria-label="Stock ledger">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Medicine · batch</th>
                    <th scope="col">Movement</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Balance</th>
                    <th scope="col">By · why</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.data.lines.map((l) => (
                    <tr key={l.id}>
                      <td>{formatDateTime(l.createdAt)}</td>
                      <td>
                        {l.brandName} · {l.batchNumber}
                      </td>
                      <td>{STOCK_MOVEMENT_LABELS[l.kind]}</td>
                      <td>{l.quantity > 0 ? `+${l.quantity}` : l.quantity}</td>
                      <td>{l.balance}</td>
                      <td>{[l.userName, l.reason].filter(Boolean).join(' · ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination pagination={ledger.data.pagination} onPage={setLedgerPage} />
          </>
        )}
      </LoadTogether>
      <FormDialog
        open={importing}
        title="Receive stock from CSV"
        description={`A header row with: ${RECEIPT_COLUMNS.join(', ')}. Every row is checked before any is received.`}
        submitLabel="Receive"
        busy={busy}
        error={error}
        onSubmit={() => void receive()}
        onClose={() => (setImporting(false), setError(null))}
      >
        <TextAreaField label="CSV" rows={8} value={csv} onChange={(e) => setCsv(e.target.value)} />
      </FormDialog>
    </section>
  );
}
