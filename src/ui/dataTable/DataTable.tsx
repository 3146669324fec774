import { useDeferredValue, type ReactNode } from 'react';
import type { Pagination as PageInfo } from '../../../domain/errors.ts';
import { LoadError, Loading } from '../LoadStates.tsx';
import { useLoadedTogether } from '../LoadTogether.tsx';
import { Pagination } from '../Pagination.tsx';
import { useMediaQuery } from '../useMediaQuery.ts';
import { ariaSortOf, toggledSort, type Sort } from './urlState.ts';

export type Column<T> = {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  /** The server's sort field: the header becomes a button that sorts by it. */
  sortBy?: string;
  /** The row's title on a phone card; the other columns are label/value lines under it. */
  primary?: boolean;
  className?: string;
};

type Layout<T> =
  /** A table on a wider screen, stacked cards on a phone. */
  | { columns: ReadonlyArray<Column<T>>; card?: never; listClassName?: never }
  /** Cards at every width (rows with actions and more than a table cell holds). */
  | { card(row: T): ReactNode; listClassName?: string; columns?: never };

export type DataTableProps<T> = Layout<T> & {
  /** The accessible name of the table or list. */
  label: string;
  /** Used in "Loading appointments…" and "Could not load appointments". */
  noun: string;
  /** Undefined until the first answer. */
  rows: readonly T[] | undefined;
  rowKey(row: T): string;
  loading: boolean;
  /** Shown instead of the spinner while loading (offline, say). */
  loadingView?: ReactNode;
  /** The failure to show, if any; `retry` asks again. */
  error?: unknown;
  retry(): void;
  /** The rows shown are the previous view's, while the new one loads. */
  stale?: boolean;
  /** What an empty list says; nothing when false. */
  empty: ReactNode;
  pagination?: PageInfo;
  onPage?(page: number): void;
  sort?: Sort;
  onSort?(sort: Sort): void;
};

/** Where a list with columns becomes a table: Tailwind's `sm` breakpoint (40rem), as in its classes. */
const TABLE_MEDIA_QUERY = '(min-width: 40rem)';

/** A list with its loading, error and empty states, paging, and (as a table) sortable columns. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, noun, rowKey, loadingView, error, retry, stale, empty, pagination, onPage } = props;
  // Rows that have just arrived are rendered in slices the browser can interrupt (a deferred render),
  // not in the task that received them: the loading state stays until they are ready. On a phone's
  // slower CPU (Lighthouse's 4×) a page of cards rendered at once held the main thread for up to
  // about 130 ms as the answer came in.
  const rows = useDeferredValue(props.rows);
  // Only the layout the screen shows is rendered (the other would be built and hidden: twice the work
  // for every page of rows); where the width cannot be asked, both are, and CSS shows one.
  const wide = useMediaQuery(TABLE_MEDIA_QUERY);
  const loading = props.loading || (props.rows !== undefined && rows === undefined);
  // Inside a LoadTogether, the list shows with the sections around it, once its rows are here.
  useLoadedTogether(!loading);
  const busy = stale ? { 'aria-busy': true as const } : {};
  const fade = stale ? 'opacity-60' : '';
  return (
    <>
      {loading && (loadingView ?? <Loading what={noun} />)}
      {error != null && <LoadError what={noun} error={error} retry={retry} />}
      {rows && rows.length === 0 && empty}
      {rows &&
        rows.length > 0 &&
        (props.card ? (
          <ul aria-label={label} {...busy} className={`${props.listClassName ?? 'flex flex-col gap-3'} ${fade}`}>
            {rows.map((row) => (
              <li key={rowKey(row)} className="flex flex-col">
                {props.card(row)}
              </li>
            ))}
          </ul>
        ) : (
          <>
            {wide !== false && (
              <RowsAsTable
                {...props}
                rows={rows}
                columns={props.columns}
                busy={busy}
                boxClassName={`${wide ? '' : 'hidden sm:block'} ${fade}`}
              />
            )}
            {wide !== true && (
              <RowsAsCards
                label={label}
                rows={rows}
                rowKey={rowKey}
                columns={props.columns}
                busy={busy}
                boxClassName={`${wide === false ? '' : 'sm:hidden'} ${fade}`}
              />
            )}
          </>
        ))}
      {/* With the rows, not before them: shown under a loading state, it would be pushed down in view. */}
      {pagination && onPage && !loading && <Pagination pagination={pagination} onPage={onPage} />}
    </>
  );
}

type RowsProps<T> = {
  label: string;
  rows: readonly T[];
  rowKey(row: T): string;
  columns: ReadonlyArray<Column<T>>;
  busy: object;
  /** Classes of the list's box: faded while stale, and which widths show it. */
  boxClassName: string;
  sort?: Sort;
  onSort?(sort: Sort): void;
};

function RowsAsTable<T>({ label, rows, rowKey, columns, busy, boxClassName, sort, onSort }: RowsProps<T>) {
  return (
    <div className={`overflow-x-auto rounded-box border border-base-300 bg-base-100 ${boxClassName}`}>
      <table className="table" aria-label={label} {...busy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" aria-sort={ariaSortOf(sort, column.sortBy)}>
                {column.sortBy && sort && onSort ? (
                  <button
                    type="button"
                    className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 hover:text-base-content focus-visible:outline-2 focus-visible:outline-primary"
                    onClick={() => onSort(toggledSort(sort, column.sortBy!))}
                  >
                    {column.header}
                    <SortMark direction={ariaSortOf(sort, column.sortBy)} />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={column.primary ? `font-medium ${column.className ?? ''}` : column.className}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone a row is a card: its primary column as the title, the others as label/value lines. */
function RowsAsCards<T>({ label, rows, rowKey, columns, busy, boxClassName }: RowsProps<T>) {
  const primary = columns.find((c) => c.primary) ?? columns[0];
  const others = columns.filter((c) => c !== primary);
  return (
    <ul aria-label={label} {...busy} className={`flex flex-col gap-2 ${boxClassName}`}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-1 p-4">
            {primary && <p className="font-semibold break-words">{primary.cell(row)}</p>}
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm">
              {others.map((column) => (
                <div key={column.id} className="contents">
                  <dt className="text-base-content/70">{column.header}</dt>
                  <dd className="break-words">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}

function SortMark({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  return (
    <span aria-hidden="true" className={direction ? '' : 'opacity-40'}>
      {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
    </span>
  );
}
