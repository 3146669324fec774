import { queryOptions } from '@tanstack/react-query';
import { requireParam } from '../../domain/rules/params.ts';
import type { PublicUser } from '../../domain/schemas/accounts.ts';
import { request } from './http.ts';

/** The path of each endpoint about other users (the signed-in user's own are in accounts.ts). */
export const userPaths = {
  publicByIds: () => '/users/public/ids',
};

export const usersApi = {
  /** The public fields of the given users, by id. */
  publicByIds: (ids: readonly string[], signal?: AbortSignal) =>
    request<{ data: { users: Record<string, PublicUser> } }>('get', userPaths.publicByIds(), {
      query: { ids: requireParam(ids, 'ids', 'publicUsers').join(',') },
      signal,
    }),
};

export const userKeys = {
  publicUser: (userId: string) => ['publicUsers', userId] as const,
};

/** One user's public fields, or null when the server does not know them. */
export const getPublicUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.publicUser(userId),
    queryFn: async ({ signal }) => (await usersApi.publicByIds([userId], signal)).data.users[userId] ?? null,
  });
