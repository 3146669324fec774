import { z } from 'zod';
import { CONSULTATION_STATUSES, CONSULTATION_TYPES, PAYMENT_STATUSES, URGENCIES } from '../enums.ts';
import { BILL_LINE_KINDS, PAYMENT_METHODS, TAX_RATES_BPS } from '../rules/billing.ts';
import { ADMISSION_STEPS, REFERRAL_DECISIONS, REFERRAL_STATUSES, REFERRAL_TARGETS } from '../rules/consultationCare.ts';
import { idSchema, isoDate, isoDateTimeWithOffset, paginationQuery, paginationSchema } from './common.ts';
import { lineText, notesText } from './text.ts';

/** Billing, referral, follow-up, feedback and admission of a consultation (SPEC §7 "Consultations"). */

const optionalLine = (label: string, max = 200) =>
  lineText(label).trim().max(max, `${label} must be at most ${max} characters`).optional();
const requiredLine = (label: string, max = 200) =>
  lineText(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const notes = (label: string, max = 4000) =>
  notesText(label).trim().max(max, `${label} must be at most ${max} characters`);

/** At most ₹1 crore on one line. */
export const MAX_LINE_PAISE = 1_000_000_000;

export const paymentBody = z
  .object({
    kind: z.enum(BILL_LINE_KINDS).default('PAYMENT'),
    amountPaise: z
      .number()
      .int('The amount is a whole number of paise')
      .min(1, 'The amount must be above zero')
      .max(MAX_LINE_PAISE, 'The amount is too large'),
    /** For a charge or discount: what it is. */
    description: optionalLine('Description', 200),
    /** GST on a charge, in basis points. */
    taxRateBps: z
      .number()
      .int()
      .refine((v) => (TAX_RATES_BPS as readonly number[]).includes(v), 'Tax rate must be 0, 5, 12 or 18%')
      .default(0),
    method: z.enum(PAYMENT_METHODS).optional(),
    reference: optionalLine('Reference', 100),
    /** A payment that did not go through (recorded, counts for nothing). */
    failed: z.boolean().default(false),
  })
  .refine((b) => !['PAYMENT', 'REFUND'].includes(b.kind) || b.method !== undefined, {
    message: 'A payment or refund needs its method',
    path: ['method'],
  })
  .refine((b) => b.method === undefined || b.method === 'CASH' || (b.reference ?? '') !== '', {
    message: 'UPI, card and insurance payments need their reference',
    path: ['reference'],
  })
  .refine((b) => !['CHARGE', 'DISCOUNT'].includes(b.kind) || (b.description ?? '') !== '', {
    message: 'A charge or discount needs its description',
    path: ['description'],
  });

export const billLineSchema = z.object({
  id: idSchema,
  kind: z.enum(BILL_LINE_KINDS),
  description: z.string(),
  amountPaise: z.number().int(),
  taxPaise: z.number().int(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  reference: z.string().nullable(),
  failed: z.boolean(),
  createdAt: z.string(),
});

export const billingSchema = z.object({
  consultationId: idSchema,
  billNumber: z.string(),
  patientName: z.string(),
  doctorName: z.string().nullable(),
  hospitalName: z.string().nullable(),
  consultationStatus: z.enum(CONSULTATION_STATUSES),
  /** The consultation fee from the doctor's profile, billed once the visit is over. */
  lines: z.array(billLineSchema),
  chargesPaise: z.number().int(),
  taxPaise: z.number().int(),
  discountPaise: z.number().int(),
  totalPaise: z.number().int(),
  paidPaise: z.number().int(),
  refundedPaise: z.number().int(),
  duePaise: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  canCharge: z.boolean(),
});
export type Billing = z.output<typeof billingSchema>;

export const referralBody = z.object({
  targetKind: z.enum(REFERRAL_TARGETS),
  targetId: idSchema,
  urgency: z.enum(URGENCIES).default('MEDIUM'),
  reason: requiredLine('Reason', 1000),
});

export const referralDecisionBody = z.object({
  decision: z.enum(REFERRAL_DECISIONS),
  note: optionalLine('Note', 500),
});

export const referralListQuery = paginationQuery.extend({ status: z.enum(REFERRAL_STATUSES).optional() });

export const referralSchema = z.object({
  id: idSchema,
  consultationId: idSchema,
  patientId: idSchema,
  patientName: z.string(),
  fromName: z.string(),
  targetKind: z.enum(REFERRAL_TARGETS),
  targetId: idSchema,
  targetName: z.string(),
  urgency: z.enum(URGENCIES),
  reason: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  responseNote: z.string().nullable(),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Which side the caller is on. */
  side: z.enum(['SENDER', 'RECEIVER', 'PATIENT']),
  /** For the patient, once accepted: where booking the receiver starts, with the context attached. */
  bookingUrl: z.string().nullable(),
});
export const referralList = z.object({ referrals: z.array(referralSchema), pagination: paginationSchema });

export const followUpBody = z.object({
  at: isoDateTimeWithOffset,
  durationMinutes: z.number().int().min(5).max(240).default(15),
  note: optionalLine('Note', 500),
});
export const followUpSchema = z.object({
  id: idSchema,
  consultationId: idSchema,
  appointmentId: idSchema.nullable(),
  proposedAt: z.string(),
  note: z.string(),
});

export const feedbackBody = z.object({
  rating: z.number().int().min(1, 'Rating is 1 to 5').max(5, 'Rating is 1 to 5'),
  comment: notes('Comment', 2000).optional(),
});
export const feedbackSchema = z.object({
  id: idSchema,
  consultationId: idSchema,
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
});

export const admissionBody = z
  .object({
    step: z.enum(ADMISSION_STEPS),
    reason: optionalLine('Reason', 500),
    ward: optionalLine('Ward', 100),
    bed: optionalLine('Bed', 50),
    dischargeSummary: notes('Discharge summary', 8000).optional(),
  })
  .refine((b) => b.step !== 'ADMIT' || ((b.ward ?? '') !== '' && (b.bed ?? '') !== ''), {
    message: 'Admitting needs the ward and the bed',
    path: ['ward'],
  })
  .refine((b) => b.step !== 'DISCHARGE' || (b.dischargeSummary ?? '') !== '', {
    message: 'Discharging needs the discharge summary',
    path: ['dischargeSummary'],
  });
export const admissionSchema = z.object({
  consultationId: idSchema,
  status: z.enum(CONSULTATION_STATUSES),
  reason: z.string(),
  ward: z.string().nullable(),
  bed: z.string().nullable(),
  admittedAt: z.string().nullable(),
  dischargedAt: z.string().nullable(),
  dischargeSummary: z.string().nullable(),
  /** The patient's rating of the visit, once given. */
  feedbackRating: z.number().int().nullable(),
  /** The follow-up proposed from it, if any. */
  followUpAt: z.string().nullable(),
  followUpAppointmentId: idSchema.nullable(),
});

export const statsQuery = z.object({ startDate: isoDate.optional(), endDate: isoDate.optional() });
const count = z.number().int();
export const statsSchema = z.object({
  total: count,
  byStatus: z.record(z.enum(CONSULTATION_STATUSES), count),
  byType: z.record(z.enum(CONSULTATION_TYPES), count),
  revenuePaise: count,
  averageDurationMinutes: z.number(),
  followUpRate: z.number(),
});
export const departmentStatsSchema = z.object({
  departments: z.array(
    z.object({ department: z.string(), total: count, completed: count, revenuePaise: count, followUps: count }),
  ),
});
