import type { Pagination } from '../../domain/errors.ts';
import type { DiagnosticsCentre } from '../../domain/schemas/diagnostics.ts';
import type { Doctor } from '../../domain/schemas/doctors.ts';
import type { Hospital } from '../../domain/schemas/hospitals.ts';
import type { Pharmacy } from '../../domain/schemas/pharmacies.ts';
import { request } from './http.ts';

/** The four organisation lists Admins and Users browse; each is also its path (`/<kind>/search`). */
export type DirectoryKind = 'hospitals' | 'doctors' | 'diagnostics' | 'pharmacies';

/** What one entry of each list looks like. */
export type DirectoryEntries = {
  hospitals: Hospital;
  doctors: Doctor;
  diagnostics: DiagnosticsCentre;
  pharmacies: Pharmacy;
};

/** The key the list has in each answer (server/modules/<kind>/service.ts). */
const LIST_KEYS = {
  hospitals: 'hospitals',
  doctors: 'doctors',
  diagnostics: 'diagnosticsCentres',
  pharmacies: 'pharmacies',
} as const satisfies Record<DirectoryKind, string>;

export type DirectorySearchParams = Record<string, string | string[] | undefined>;

/** One page of a list; `distanceKm` is there when the search gave a point. */
export type DirectoryPage<T> = { items: Array<T & { distanceKm?: number }>; pagination: Pagination };

type SearchAnswer<K extends DirectoryKind> = {
  data: { [key in (typeof LIST_KEYS)[K]]: Array<DirectoryEntries[K] & { distanceKm?: number }> } & {
    pagination: Pagination;
  };
};

async function search<K extends DirectoryKind>(
  kind: K,
  query: DirectorySearchParams,
  signal?: AbortSignal,
): Promise<DirectoryPage<DirectoryEntries[K]>> {
  const answer = await request<SearchAnswer<K>>('get', `/${kind}/search`, { query, signal });
  const listKey: (typeof LIST_KEYS)[K] = LIST_KEYS[kind];
  return { items: answer.data[listKey], pagination: answer.data.pagination };
}

export const directoryApi = {
  searchHospitals: (query: DirectorySearchParams, signal?: AbortSignal) => search('hospitals', query, signal),
  searchDoctors: (query: DirectorySearchParams, signal?: AbortSignal) => search('doctors', query, signal),
  searchDiagnostics: (query: DirectorySearchParams, signal?: AbortSignal) => search('diagnostics', query, signal),
  searchPharmacies: (query: DirectorySearchParams, signal?: AbortSignal) => search('pharmacies', query, signal),
};

export const directoryKeys = {
  all: (kind: DirectoryKind) => [kind] as const,
  /** ['hospitals', 'search', params] matches hospitalKeys.search, so either invalidates the other. */
  search: (kind: DirectoryKind, params: DirectorySearchParams) => [kind, 'search', params] as const,
};
