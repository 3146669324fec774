import type { ZodType, z } from 'zod';
import type { directoryEntrySchema } from '../../../domain/schemas/directory.ts';
import type { DirectoryKind, DirectoryPage, DirectorySearchParams } from '../../api/directory.ts';
import type { FilterControl } from './directoryFilters.ts';

export type DirectoryEntry = z.output<typeof directoryEntrySchema>;

export type { FilterControl } from './directoryFilters.ts';

/** `value` is `sortBy:sortOrder`. */
export type SortOption = { value: `${string}:${'asc' | 'desc'}`; label: string };

/** How a result card describes one entry, beyond its name, place, rating, phone and distance. */
export type CardSummary = {
  /** Shown before the place: the type of organisation, or a doctor's specialisations. */
  subtitle: string;
  badges?: string[];
  facts?: Array<{ label: string; value: string }>;
};

export type DirectoryConfig<T extends DirectoryEntry> = {
  kind: DirectoryKind;
  /** 'Pharmacies': the heading, page title and list name. */
  title: string;
  /** 'pharmacies': used in sentences. */
  noun: string;
  /** What the free-text search looks in, e.g. 'Name, city or service'. */
  searchLabel: string;
  search(query: DirectorySearchParams, signal?: AbortSignal): Promise<DirectoryPage<T>>;
  /** The server's query schema (domain/schemas/<kind>.ts): typed filters are checked with it before they apply. */
  querySchema: ZodType;
  filters: readonly FilterControl[];
  /** Without distance: that one is offered when the search has a point. */
  sorts: readonly SortOption[];
  summary(item: T): CardSummary;
  /** The entry's public page (src/features/directory/pages): its name on the card opens it. */
  pagePath(item: T): string;
  /** Where booking with the entry starts, when it can be booked from this list. */
  bookPath?(item: T): string;
};
