import { z } from 'zod';
import {
  AFFILIATION_BENEFITS,
  AFFILIATION_DECISIONS,
  AFFILIATION_PARTY_TYPES,
  AFFILIATION_STATUSES,
  AFFILIATION_TYPES,
  PROVIDER_KINDS,
} from '../enums.ts';
import { AFFILIATION_ACTIONS, BULK_STATUS_ACTIONS } from '../rules/affiliations.ts';
import {
  COMMISSION_RULE_KINDS,
  COMMISSION_SERVICE_TYPES,
  MAX_AMOUNT_PAISE,
  MAX_BASIS_POINTS,
} from '../rules/commission.ts';
import { idSchema, isoDate, paginationQuery, paginationSchema } from './common.ts';
import { lineText, notesText } from './text.ts';

/** The API contract of affiliations (SPEC §7 "Affiliations"). Money is integer paise. */

export const AFFILIATION_KIND_PATHS = ['hospital', 'doctor', 'diagnostics', 'pharmacy'] as const;
export type AffiliationKindPath = (typeof AFFILIATION_KIND_PATHS)[number];

const reason = notesText('Reason').trim().min(3, 'Give a reason of at least 3 characters').max(1000);
const paise = z.number().int('Whole paise only').min(0).max(MAX_AMOUNT_PAISE);

export const commissionRuleSchema = z.object({
  serviceType: z.enum(COMMISSION_SERVICE_TYPES),
  kind: z.enum(COMMISSION_RULE_KINDS),
  basisPoints: z.number().int().min(0).max(MAX_BASIS_POINTS).nullish(),
  flatPaise: paise.nullish(),
  slabs: z
    .array(z.object({ fromPaise: paise, basisPoints: z.number().int().min(0).max(MAX_BASIS_POINTS) }))
    .max(10)
    .nullish(),
  capPaise: paise.nullish(),
});

export const commissionStructureBody = z.object({
  effectiveFrom: isoDate,
  rules: z.array(commissionRuleSchema).min(1, 'Add at least one rule').max(4),
});

export const createAffiliationBody = z
  .object({
    partnerKind: z.enum(PROVIDER_KINDS),
    partnerId: idSchema,
    type: z.enum(AFFILIATION_TYPES),
    benefits: z.array(z.enum(AFFILIATION_BENEFITS)).max(AFFILIATION_BENEFITS.length).default([]),
    startDate: isoDate,
    endDate: isoDate,
    terms: notesText('Terms').trim().min(3, 'Write the terms').max(5000),
    commission: commissionStructureBody.omit({ effectiveFrom: true }).optional(),
  })
  .refine((body) => body.endDate > body.startDate, {
    message: 'The end date must be after the start date',
    path: ['endDate'],
  });

export const updateAffiliationBody = z
  .object({
    type: z.enum(AFFILIATION_TYPES).optional(),
    benefits: z.array(z.enum(AFFILIATION_BENEFITS)).max(AFFILIATION_BENEFITS.length).optional(),
    terms: notesText('Terms').trim().min(3).max(5000).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one field' });

export const approvalBody = z.object({
  decision: z.enum(AFFILIATION_DECISIONS).default('ACCEPT'),
  notes: notesText('Notes').trim().max(1000).optional(),
});
export const rejectionBody = z.object({ reason });
export const suspendBody = z.object({ reason });
export const activateBody = z.object({ notes: notesText('Notes').trim().max(1000).optional() });
export const renewalBody = z.object({ endDate: isoDate, terms: notesText('Terms').trim().min(3).max(5000).optional() });
export const adminVerificationBody = z.object({ notes: notesText('Notes').trim().max(1000).optional() });
export const bulkStatusBody = z.object({
  ids: z.array(idSchema).min(1).max(50),
  status: z.enum(Object.keys(BULK_STATUS_ACTIONS) as [keyof typeof BULK_STATUS_ACTIONS]),
  reason,
});
export const manualLineBody = z.object({
  serviceType: z.enum(COMMISSION_SERVICE_TYPES),
  amountPaise: z
    .number()
    .int('Whole paise only')
    .min(-MAX_AMOUNT_PAISE)
    .max(MAX_AMOUNT_PAISE)
    .refine((v) => v !== 0, 'Not zero'),
  reason,
});
export const settleBody = z.object({ periodTo: isoDate.optional() });

export const affiliationListQuery = paginationQuery.extend({
  status: z.enum(AFFILIATION_STATUSES).optional(),
  type: z.enum(AFFILIATION_TYPES).optional(),
  searchTerm: lineText('Search').trim().max(100).optional(),
});
export const calculateQuery = z.object({
  amount: z.coerce.number().int('Whole paise only').min(0).max(MAX_AMOUNT_PAISE),
  serviceType: z.enum(COMMISSION_SERVICE_TYPES).default('OTHER'),
});
export const expiringQuery = paginationQuery.extend({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const exportQuery = z.object({
  format: z.enum(['csv', 'excel']).default('csv'),
  status: z.enum(AFFILIATION_STATUSES).optional(),
});
export const dashboardQuery = z.object({ period: z.enum(['30d', '90d', '365d']).default('90d') });

const partySchema = z.object({
  kind: z.enum(PROVIDER_KINDS),
  id: idSchema,
  name: z.string(),
  city: z.string().nullable(),
});

export const affiliationSummarySchema = z.object({
  id: idSchema,
  status: z.enum(AFFILIATION_STATUSES),
  type: z.enum(AFFILIATION_TYPES),
  partyType: z.enum(AFFILIATION_PARTY_TYPES),
  benefits: z.array(z.enum(AFFILIATION_BENEFITS)),
  startDate: z.string(),
  endDate: z.string(),
  proposer: partySchema,
  recipient: partySchema,
  /** The other party as the caller sees it (for an admin: the recipient). */
  partner: partySchema,
  consentedAt: z.string().nullable(),
  verificationRequired: z.boolean(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AffiliationSummary = z.output<typeof affiliationSummarySchema>;

export const affiliationListSchema = z.object({
  affiliations: z.array(affiliationSummarySchema),
  pagination: paginationSchema,
});

const versionSchema = z.object({
  version: z.number(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  rules: z.array(commissionRuleSchema),
  createdAt: z.string(),
});
export const ledgerLineSchema = z.object({
  id: idSchema,
  sourceKind: z.string(),
  sourceId: z.string().nullable(),
  serviceType: z.enum(COMMISSION_SERVICE_TYPES),
  amountPaise: z.number(),
  commissionPaise: z.number(),
  reason: z.string().nullable(),
  statementId: z.string().nullable(),
  occurredAt: z.string(),
});
export const statementSchema = z.object({
  id: idSchema,
  number: z.number(),
  periodFrom: z.string(),
  periodTo: z.string(),
  lineCount: z.number(),
  totalAmountPaise: z.number(),
  totalCommissionPaise: z.number(),
  createdAt: z.string(),
});
export const performanceSchema = z.object({
  referrals: z.number(),
  conversions: z.number(),
  conversionRate: z.number(),
  revenuePaise: z.number(),
  commissionPaise: z.number(),
  averageTurnaroundHours: z.number().nullable(),
  computedAt: z.string(),
});
export const historyEntrySchema = z.object({
  action: z.string(),
  from: z.string(),
  to: z.string(),
  actorRole: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export const termsVersionSchema = z.object({
  version: z.number(),
  type: z.enum(AFFILIATION_TYPES),
  benefits: z.array(z.enum(AFFILIATION_BENEFITS)),
  startDate: z.string(),
  endDate: z.string(),
  terms: z.string(),
  createdAt: z.string(),
});

export const affiliationDetailSchema = affiliationSummarySchema.extend({
  terms: z.string(),
  reason: z.string().nullable(),
  myRole: z.enum(['PROPOSER', 'RECIPIENT', 'ADMIN']),
  actions: z.array(z.enum(AFFILIATION_ACTIONS)),
  disclosure: z.string().nullable(),
  commissionVersions: z.array(versionSchema),
  termsVersions: z.array(termsVersionSchema),
  ledger: z.array(ledgerLineSchema),
  statements: z.array(statementSchema),
  performance: performanceSchema,
  history: z.array(historyEntrySchema),
});
export type AffiliationDetail = z.output<typeof affiliationDetailSchema>;

export const calculationSchema = z.object({
  amountPaise: z.number(),
  serviceType: z.enum(COMMISSION_SERVICE_TYPES),
  commissionPaise: z.number(),
  version: z.number().nullable(),
});
export const bulkResultSchema = z.object({
  results: z.array(
    z.object({ id: idSchema, ok: z.boolean(), status: z.string().nullable(), message: z.string().nullable() }),
  ),
});
export const dashboardSchema = z.object({
  byStatus: z.array(z.object({ status: z.enum(AFFILIATION_STATUSES), count: z.number() })),
  byType: z.array(z.object({ type: z.enum(AFFILIATION_TYPES), count: z.number() })),
  topPartners: z.array(z.object({ id: idSchema, name: z.string(), revenuePaise: z.number() })),
  commissionDuePaise: z.number(),
});
