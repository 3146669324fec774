import type { FormEvent } from 'react';
import {
  AFFILIATION_STATUSES,
  AFFILIATION_STATUS_LABELS,
  AFFILIATION_TYPES,
  AFFILIATION_TYPE_LABELS,
} from '../../../domain/enums.ts';
import { Button } from '../../ui/Button.tsx';
import { FilterBar } from '../../ui/dataTable/FilterBar.tsx';

type Field = (key: string) => { value: string; onChange(event: { target: { value: string } }): void };

/** The filters of an affiliation list: status, type and, where the list offers it, a search by party. */
export function AffiliationFilters({
  field,
  onSubmit,
  searchPlaceholder,
}: {
  field: Field;
  onSubmit(event: FormEvent): void;
  /** Shown, with a search box, only where the list searches by name ('Partner name or city'). */
  searchPlaceholder?: string;
}) {
  return (
    <FilterBar
      label="Filter affiliations"
      onSubmit={onSubmit}
      bodyClassName={`grid grid-cols-1 gap-3 sm:items-end ${searchPlaceholder ? 'sm:grid-cols-[1fr_1fr_2fr_auto]' : 'sm:grid-cols-[1fr_1fr_auto]'}`}
      actions={
        <Button type="submit" className="grow">
          Apply filters
        </Button>
      }
    >
      <label className="flex flex-col gap-1 text-sm">
        Status
        <select className="select w-full" {...field('status')}>
          <option value="">Any status</option>
          {AFFILIATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {AFFILIATION_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Type
        <select className="select w-full" {...field('type')}>
          <option value="">Any type</option>
          {AFFILIATION_TYPES.map((t) => (
            <option key={t} value={t}>
              {AFFILIATION_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      {searchPlaceholder && (
        <label className="flex flex-col gap-1 text-sm">
          Search
          <input className="input w-full" type="search" placeholder={searchPlaceholder} {...field('searchTerm')} />
        </label>
      )}
    </FilterBar>
  );
}
