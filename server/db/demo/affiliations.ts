import type { AffiliationBenefit, AffiliationStatus, AffiliationType, ProviderKind } from '../../../domain/enums.ts';
import type { CommissionRule } from '../../../domain/rules/commission.ts';
import type { Db } from '../client.ts';
import {
  affiliationCommissionVersions,
  affiliationLedger,
  affiliationStatements,
  affiliationTerms,
  affiliations,
  workflowHistory,
} from '../schema/index.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './members.ts';
import type { DemoNetwork } from './network.ts';

type Writer = Pick<Db, 'insert'>;

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + 330 * 60_000 + offset * DAY).toISOString().slice(0, 10);
const ago = (days: number) => new Date(Date.now() - days * DAY);

/** The demo hospital pays its diagnostics partner's referral commission: 8 % on tests, at most ₹500 an order. */
export const DEMO_COMMISSION_RULES: CommissionRule[] = [
  { serviceType: 'DIAGNOSTICS', kind: 'PERCENTAGE', basisPoints: 800, capPaise: 50_000 },
  {
    serviceType: 'OTHER',
    kind: 'SLAB',
    slabs: [
      { fromPaise: 0, basisPoints: 300 },
      { fromPaise: 1_000_000, basisPoints: 500 },
    ],
  },
];

type Link = {
  id: string;
  proposer: [ProviderKind, string];
  recipient: [ProviderKind, string];
  type: AffiliationType;
  benefits: AffiliationBenefit[];
  status: AffiliationStatus;
  start: number;
  end: number;
  terms: string;
  reason?: string;
};

const ID = (n: number) => `0d3c5a0e-7a51-4c1b-9a38-0000000a${String(n).padStart(4, '0')}`;
const { hospital, diagnostics, pharmacy, doctor } = DEMO_REFERENCE_IDS;

/** The demo organisations' affiliations in several states, and every doctor's place at a hospital as an active one. */
export async function insertDemoAffiliations(db: Writer, network: DemoNetwork) {
  const links: Link[] = [
    {
      id: ID(1),
      proposer: ['HOSPITAL', hospital],
      recipient: ['DIAGNOSTICS', diagnostics],
      type: 'REFERRAL',
      benefits: ['COMMISSION', 'PRIORITY_BOOKING'],
      status: 'ACTIVE',
      start: -90,
      end: 275,
      terms:
        'Referral of outpatient and ward tests to the partner centre; commission settled monthly, disclosed on every statement.',
    },
    {
      id: ID(2),
      proposer: ['PHARMACY', pharmacy],
      recipient: ['HOSPITAL', hospital],
      type: 'PREFERRED_PROVIDER',
      benefits: ['DISCOUNT', 'PRIORITY_BOOKING'],
      status: 'PENDING',
      start: 0,
      end: 365,
      terms: '10 % discount for the hospital’s discharged patients; same-day delivery within 5 km.',
    },
    {
      id: ID(3),
      proposer: ['DIAGNOSTICS', diagnostics],
      recipient: ['PHARMACY', pharmacy],
      type: 'COLLABORATION',
      benefits: ['MARKETING_SUPPORT', 'TRAINING_SUPPORT'],
      status: 'SUSPENDED',
      start: -200,
      end: 165,
      terms: 'Joint health camps each quarter.',
      reason: 'Paused during the monsoon season.',
    },
    {
      id: ID(4),
      proposer: ['DOCTOR', doctor],
      recipient: ['DIAGNOSTICS', diagnostics],
      type: 'PREFERRED_PROVIDER',
      benefits: ['PRIORITY_BOOKING'],
      status: 'EXPIRED',
      start: -400,
      end: -35,
      terms: 'Priority slots for the doctor’s clinic patients.',
      reason: 'Reached its end date.',
    },
  ];
  // Every doctor who practises at a hospital does so through an active affiliation.
  const places = network.doctors.filter((d) => d.hospitalId);
  places.forEach((d, n) =>
    links.push({
      id: ID(100 + n),
      proposer: ['DOCTOR', d.id],
      recipient: ['HOSPITAL', d.hospitalId!],
      type: 'CONTRACT',
      benefits: [],
      status: 'ACTIVE',
      start: -365,
      end: 365,
      terms: 'Consultant on the hospital’s panel: outpatient sessions as scheduled.',
    }),
  );

  const by = DEMO_USER_IDS['hospital@caremesh.test']!;
  const rows = links.map((l) => ({
    id: l.id,
    proposerKind: l.proposer[0],
    proposerId: l.proposer[1],
    recipientKind: l.recipient[0],
    recipientId: l.recipient[1],
    partyType:
      l.proposer[0] === 'PHARMACY' || l.recipient[0] === 'PHARMACY' ? ('PHARMACY' as const) : ('INTERNAL' as const),
    type: l.type,
    benefits: l.benefits,
    startDate: day(l.start),
    endDate: day(l.end),
    terms: l.terms,
    status: l.status,
    reason: l.reason ?? null,
    consentedAt: l.status === 'PENDING' ? null : ago(-l.start),
    verificationRequired: l.benefits.includes('COMMISSION'),
    verifiedAt: l.benefits.includes('COMMISSION') ? ago(-l.start) : null,
    activatedAt: l.status === 'PENDING' ? null : ago(-l.start),
    createdBy: by,
    createdAt: ago(-l.start + 2),
  }));
  for (let i = 0; i < rows.length; i += 200) await db.insert(affiliations).values(rows.slice(i, i + 200));
  const terms = links.map((l) => ({
    affiliationId: l.id,
    version: 1,
    type: l.type,
    benefits: l.benefits,
    startDate: day(l.start),
    endDate: day(l.end),
    terms: l.terms,
    createdBy: by,
  }));
  for (let i = 0; i < terms.length; i += 200) await db.insert(affiliationTerms).values(terms.slice(i, i + 200));
  const history = links.slice(0, 4).flatMap((l) => [
    {
      workflow: 'affiliation',
      entityId: l.id,
      action: 'PROPOSE',
      actorRole: l.proposer[0],
      fromStatus: 'PENDING',
      toStatus: 'PENDING',
      reason: null,
      at: ago(-l.start + 2),
    },
    ...(l.status === 'PENDING'
      ? []
      : [
          {
            workflow: 'affiliation',
            entityId: l.id,
            action: 'APPROVE',
            actorRole: l.recipient[0],
            fromStatus: 'PENDING',
            toStatus: 'ACTIVE',
            reason: null,
            at: ago(-l.start),
          },
        ]),
    ...(l.status === 'SUSPENDED' || l.status === 'EXPIRED'
      ? [
          {
            workflow: 'affiliation',
            entityId: l.id,
            action: l.status === 'EXPIRED' ? 'EXPIRE' : 'SUSPEND',
            actorRole: l.status === 'EXPIRED' ? 'SYSTEM' : 'DIAGNOSTICS',
            fromStatus: 'ACTIVE',
            toStatus: l.status,
            reason: l.reason ?? null,
            at: ago(20),
          },
        ]
      : []),
  ]);
  await db.insert(workflowHistory).values(history);

  // The referral's money: its structure, last month's closed statement and this month's open lines.
  await db
    .insert(affiliationCommissionVersions)
    .values({ affiliationId: ID(1), version: 1, effectiveFrom: day(-90), rules: DEMO_COMMISSION_RULES, createdBy: by });
  const statementId = ID(9000);
  await db.insert(affiliationStatements).values({
    id: statementId,
    affiliationId: ID(1),
    number: 1,
    periodFrom: day(-90),
    periodTo: day(-31),
    lineCount: 2,
    totalAmountPaise: 240_000 + 95_000,
    totalCommissionPaise: 19_200 + 7_600,
    createdBy: by,
    createdAt: ago(30),
  });
  const line = (
    n: number,
    amountPaise: number,
    commissionPaise: number,
    daysAgo: number,
    reason: string,
    settled: boolean,
  ) => ({
    affiliationId: ID(1),
    sourceKind: 'MANUAL',
    serviceType: 'DIAGNOSTICS' as const,
    amountPaise,
    commissionPaise,
    structureVersion: 1,
    reason,
    statementId: settled ? statementId : null,
    occurredAt: ago(daysAgo),
    createdBy: by,
  });
  await db
    .insert(affiliationLedger)
    .values([
      line(1, 240_000, 19_200, 60, 'Full-body health check camp (30 patients)', true),
      line(2, 95_000, 7_600, 45, 'Ward referrals, week 2', true),
      line(3, -95_000, -7_600, 20, 'Refund: ward referrals of week 2 billed twice', false),
      line(4, 180_000, 14_400, 10, 'Ward referrals, week 6', false),
    ]);
}
