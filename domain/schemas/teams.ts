/** The team API's contract: an organisation's members, invitations and duties. */
import { z } from 'zod';
import { TEAM_DUTIES, TEAM_MEMBER_STATES } from '../enums.ts';
import { emailSchema, idSchema } from './common.ts';
import { personNameSchema } from './accounts.ts';

const duties = z
  .array(z.enum(TEAM_DUTIES, { error: 'Choose duties from the list' }))
  .max(TEAM_DUTIES.length)
  .transform((list) => [...new Set(list)]);

export const inviteMemberBody = z.object({
  email: emailSchema,
  name: personNameSchema,
  duties,
});
export type InviteMemberBody = z.output<typeof inviteMemberBody>;

export const updateMemberBody = z
  .object({ duties: duties.optional(), isOwner: z.boolean().optional() })
  .refine((value) => value.duties !== undefined || value.isOwner !== undefined, 'Say what to change: duties or owner');
export type UpdateMemberBody = z.output<typeof updateMemberBody>;

export const memberParams = z.object({ memberId: idSchema });

export const teamMemberSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  email: z.string(),
  isOwner: z.boolean(),
  duties: z.array(z.enum(TEAM_DUTIES)),
  state: z.enum(TEAM_MEMBER_STATES),
  /** When the invitation was sent (or last sent again); null for members who onboarded themselves. */
  invitedAt: z.string().nullable(),
  /** Whether the invitation link has passed its 72 hours (for INVITED). */
  invitationExpired: z.boolean(),
  createdAt: z.string(),
});
export type TeamMember = z.output<typeof teamMemberSchema>;

export const teamSchema = z.object({
  organisationId: idSchema,
  role: z.enum(['HOSPITAL', 'PHARMACY', 'DIAGNOSTICS']),
  /** The duties this kind of organisation gives. */
  duties: z.array(z.enum(TEAM_DUTIES)),
  /** Whether the caller owns the organisation (only owners change the team). */
  callerIsOwner: z.boolean(),
  members: z.array(teamMemberSchema),
});
export type Team = z.output<typeof teamSchema>;
