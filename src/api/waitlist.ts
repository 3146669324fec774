import { queryOptions } from '@tanstack/react-query';
import { requireParam } from '../../domain/rules/params.ts';
import { successEnvelope } from '../../domain/schemas/common.ts';
import {
  waitlistEntryDetailSchema,
  waitlistEntrySchema,
  waitlistListSchema,
  waitlistStatsSchema,
  type JoinWaitlistInput,
  type WaitlistEntry,
  type WaitlistEntryDetail,
  type WaitlistList,
  type WaitlistStats,
} from '../../domain/schemas/waitlist.ts';
import type { Urgency, WaitlistStatus } from '../../domain/enums.ts';
import { z } from 'zod';
import { request } from './http.ts';

export type { JoinWaitlistInput, WaitlistEntry, WaitlistEntryDetail, WaitlistList, WaitlistStats };

/** The desk's list: a page and the SPEC §3 filters. */
export type WaitlistFilters = {
  page: number;
  limit: number;
  doctorId?: string;
  status?: WaitlistStatus;
  priority?: Urgency;
  preferredDate?: string;
};

const entry = (id: string, operation: string) =>
  `/waitlist/${encodeURIComponent(requireParam(id, 'waitlistId', operation))}`;

/** The path of each waitlist endpoint. */
export const waitlistPaths = {
  list: () => '/waitlist',
  join: () => '/waitlist/join',
  notify: () => '/waitlist/notify',
  mine: () => '/waitlist/patient/me',
  stats: () => '/waitlist/stats/overview',
  entry: (id: string) => entry(id, 'getWaitlistEntry'),
  remove: (id: string) => entry(id, 'deleteWaitlistEntry'),
  position: (id: string) => `${entry(id, 'moveWaitlistEntry')}/position`,
  status: (id: string) => `${entry(id, 'setWaitlistStatus')}/status`,
};

const listAnswer = successEnvelope(waitlistListSchema);
const entryAnswer = successEnvelope(waitlistEntrySchema);
const detailAnswer = successEnvelope(waitlistEntryDetailSchema);
const statsAnswer = successEnvelope(waitlistStatsSchema);
export const statusChangeAnswer = successEnvelope(
  z.object({ entry: waitlistEntrySchema, appointmentId: z.string().nullable() }),
);

export const waitlistApi = {
  list: async (query: WaitlistFilters, signal?: AbortSignal) =>
    listAnswer.parse(await request('get', waitlistPaths.list(), { query, signal })).data,
  mine: async (query: { page: number; limit: number; status?: WaitlistStatus }, signal?: AbortSignal) =>
    listAnswer.parse(await request('get', waitlistPaths.mine(), { query, signal })).data,
  entry: async (id: string, signal?: AbortSignal) =>
    detailAnswer.parse(await request('get', waitlistPaths.entry(id), { signal })).data,
  stats: async (signal?: AbortSignal) =>
    statsAnswer.parse(await request('get', waitlistPaths.stats(), { signal })).data,
  move: async (id: string, body: { position?: number; priority?: Urgency; reason: string }) =>
    entryAnswer.parse(await request('patch', waitlistPaths.position(id), { json: body })),
  notify: async (body: { waitlistId: string; doctorId?: string; scheduledAt: string; mode?: string }) =>
    entryAnswer.parse(await request('post', waitlistPaths.notify(), { json: body })),
  setStatus: async (id: string, body: { status: WaitlistStatus; reason?: string }) =>
    statusChangeAnswer.parse(await request('patch', waitlistPaths.status(id), { json: body })),
};

/**
 * Waitlist keys start with 'realtime': positions and offers change as others act, so they count as
 * fresh for 30 s only (src/api/freshness.ts), and socket events refresh them at once.
 */
export const waitlistKeys = {
  all: ['realtime', 'waitlist'] as const,
  list: (query: WaitlistFilters) => ['realtime', 'waitlist', 'list', query] as const,
  mine: (page: number) => ['realtime', 'waitlist', 'mine', page] as const,
  entry: (id: string) => ['realtime', 'waitlist', 'entry', id] as const,
  stats: ['realtime', 'waitlist', 'stats'] as const,
};

export const getWaitlistQueryOptions = (query: WaitlistFilters) =>
  queryOptions({ queryKey: waitlistKeys.list(query), queryFn: ({ signal }) => waitlistApi.list(query, signal) });

export const getMyWaitlistQueryOptions = (page: number, limit = 10) =>
  queryOptions({
    queryKey: waitlistKeys.mine(page),
    queryFn: ({ signal }) => waitlistApi.mine({ page, limit }, signal),
  });

export const getWaitlistEntryQueryOptions = (id: string) =>
  queryOptions({ queryKey: waitlistKeys.entry(id), queryFn: ({ signal }) => waitlistApi.entry(id, signal) });

export const getWaitlistStatsQueryOptions = () =>
  queryOptions({ queryKey: waitlistKeys.stats, queryFn: ({ signal }) => waitlistApi.stats(signal) });
