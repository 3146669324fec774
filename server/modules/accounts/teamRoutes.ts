import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../domain/schemas/common.ts';
import { TEAM_ROLES } from '../../../domain/rules/teams.ts';
import {
  inviteMemberBody,
  memberParams,
  teamMemberSchema,
  teamSchema,
  updateMemberBody,
} from '../../../domain/schemas/teams.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import type { TeamUseCases } from './teams.ts';

const OWNER_NOTE =
  "Only an owner of the caller's organisation (the account that onboarded it, or one it made an owner) changes the team (403 otherwise); a member of another organisation is 404.";

export const teamRoutes =
  ({ teams }: { teams: TeamUseCases }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['teams'];
    const security = bearerSecurity;
    const access = allow(TEAM_ROLES, 'caller');
    const member = { 200: successEnvelope(teamMemberSchema) };

    app.get(
      '/teams/me',
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: "The caller's organisation's team: members, invitations, duties",
          response: { 200: successEnvelope(teamSchema) },
        },
      },
      async (request) => ({ data: await teams.team(callerOf(request)) }),
    );

    app.post(
      '/teams/me/members',
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Invite a member by email (a link to choose a password, valid 72 hours, single use)',
          description: `${OWNER_NOTE} An email that already has an account answers 409.`,
          body: inviteMemberBody,
          response: { 201: successEnvelope(teamMemberSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await teams.invite(callerOf(request), request.body), message: 'Invitation sent.' }),
    );

    app.post(
      '/teams/me/members/:memberId/resend',
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Send an invitation again with a fresh link (the earlier one stops working)',
          description: OWNER_NOTE,
          params: memberParams,
          response: member,
        },
      },
      async (request) => ({
        data: await teams.resend(callerOf(request), request.params.memberId),
        message: 'Invitation sent again.',
      }),
    );

    app.delete(
      '/teams/me/members/:memberId',
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Withdraw an invitation not yet accepted (a member who accepted is deactivated instead)',
          description: OWNER_NOTE,
          params: memberParams,
        },
      },
      async (request) => {
        await teams.revoke(callerOf(request), request.params.memberId);
        return { message: 'Invitation withdrawn.' };
      },
    );

    app.patch(
      '/teams/me/members/:memberId',
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: "Change a member's duties, or make them an owner (or not)",
          description: `${OWNER_NOTE} The last active owner stays an owner (409).`,
          params: memberParams,
          body: updateMemberBody,
          response: member,
        },
      },
      async (request) => ({
        data: await teams.update(callerOf(request), request.params.memberId, request.body),
        message: 'Member updated.',
      }),
    );

    app.post(
      '/teams/me/members/:memberId/deactivate',
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Deactivate a member: no sign-in, and every session of theirs ends at once',
          description: `${OWNER_NOTE} The last active owner cannot be deactivated (409). Their history stays attributed to them.`,
          params: memberParams,
          response: member,
        },
      },
      async (request) => ({
        data: await teams.deactivate(callerOf(request), request.params.memberId),
        message: 'Member deactivated.',
      }),
    );

    app.post(
      '/teams/me/members/:memberId/reactivate',
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Reactivate a member (they sign in again)',
          description: OWNER_NOTE,
          params: memberParams,
          response: member,
        },
      },
      async (request) => ({
        data: await teams.reactivate(callerOf(request), request.params.memberId),
        message: 'Member reactivated.',
      }),
    );
  };
