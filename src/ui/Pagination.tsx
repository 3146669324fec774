import type { Pagination as PageInfo } from '../../domain/errors.ts';
import { Button } from './Button.tsx';

/** "Page 2 of 14 · 271 results" with previous and next; nothing when everything fits on one page. */
export function Pagination({ pagination, onPage }: { pagination: PageInfo; onPage(page: number): void }) {
  const { page, totalPages, total } = pagination;
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 py-2">
      <p className="text-sm text-base-content/70" aria-live="polite">
        Page {page} of {totalPages} · {total.toLocaleString('en-IN')} results
      </p>
      <div className="join">
        <Button
          size="sm"
          buttonStyle="outline"
          className="join-item"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </Button>
        <Button
          size="sm"
          buttonStyle="outline"
          className="join-item"
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
