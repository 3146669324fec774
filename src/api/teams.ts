import { queryOptions } from '@tanstack/react-query';
import { requireParam } from '../../domain/rules/params.ts';
import type { InviteMemberBody, Team, TeamMember, UpdateMemberBody } from '../../domain/schemas/teams.ts';
import { request } from './http.ts';

export type { Team, TeamMember };

const member = (id: string, operation: string) =>
  `/teams/me/members/${encodeURIComponent(requireParam(id, 'memberId', operation))}`;

/** The organisation's team: members, invitations and duties (owners change it). */
export const teamsApi = {
  mine: (signal?: AbortSignal) => request<{ data: Team }>('get', '/teams/me', { signal }),
  invite: (body: InviteMemberBody) =>
    request<{ data: TeamMember; message: string }>('post', '/teams/me/members', { json: body }),
  resend: (id: string) => request<{ data: TeamMember }>('post', `${member(id, 'resendInvitation')}/resend`),
  revoke: (id: string) => request<{ message: string }>('delete', member(id, 'revokeInvitation')),
  update: (id: string, body: UpdateMemberBody) =>
    request<{ data: TeamMember }>('patch', member(id, 'updateMember'), { json: body }),
  deactivate: (id: string) => request<{ data: TeamMember }>('post', `${member(id, 'deactivateMember')}/deactivate`),
  reactivate: (id: string) => request<{ data: TeamMember }>('post', `${member(id, 'reactivateMember')}/reactivate`),
};

export const teamKeys = { mine: ['teams', 'me'] as const };

export const getMyTeamQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.mine,
    queryFn: async ({ signal }) => (await teamsApi.mine(signal)).data,
  });
