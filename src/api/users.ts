import { queryOptions } from '@tanstack/react-query';
import { requireParam } from '../../domain/rules/params.ts';
import type { PublicUser } from '../../domain/schemas/accounts.ts';
import type { Pagination } from '../../domain/errors.ts';
import { request } from './http.ts';

/** The path of each endpoint about other users (the signed-in user's own are in accounts.ts). */
export const userPaths = {
  publicByIds: () => '/users/public/ids',
  search: () => '/users/test-search',
};

/** A page of the people the caller may know, optionally by name. */
export type PeoplePage = { users: PublicUser[]; pagination: Pagination };

export const usersApi = {
  /** The public fields of the given users, by id. */
  publicByIds: (ids: readonly string[], signal?: AbortSignal) =>
    request<{ data: { users: Record<string, PublicUser> } }>('get', userPaths.publicByIds(), {
      query: { ids: requireParam(ids, 'ids', 'publicUsers').join(',') },
      signal,
    }),
  /** The people the caller may know (themselves, their organisation, the parties of their appointments). */
  search: (query: { name?: string; page?: number; limit?: number }, signal?: AbortSignal) =>
    request<{ data: PeoplePage }>('get', userPaths.search(), { query, signal }),
};

export const userKeys = {
  publicUser: (userId: string) => ['publicUsers', userId] as const,
  people: (name: string, page: number) => ['publicUsers', 'people', name, page] as const,
};

/** One user's public fields, or null when the server does not know them. */
export const getPublicUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.publicUser(userId),
    queryFn: async ({ signal }) => (await usersApi.publicByIds([userId], signal)).data.users[userId] ?? null,
  });

/** The People list: everyone the caller may know, or those whose name holds `name` (2 characters or more). */
export const getPeopleQueryOptions = (name: string, page: number) =>
  queryOptions({
    queryKey: userKeys.people(name, page),
    queryFn: async ({ signal }) =>
      (await usersApi.search({ ...(name ? { name } : {}), page, limit: PEOPLE_PAGE_SIZE }, signal)).data,
  });
export const PEOPLE_PAGE_SIZE = 20;
