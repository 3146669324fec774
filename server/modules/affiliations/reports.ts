import { stringify } from 'csv-stringify';
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { AFFILIATION_STATUSES, AFFILIATION_TYPES } from '../../../domain/enums.ts';
import { indiaDate } from '../../../domain/rules/affiliations.ts';
import type { dashboardQuery, expiringQuery, exportQuery } from '../../../domain/schemas/affiliations.ts';
import type { Db } from '../../db/client.ts';
import { affiliationLedger, affiliations } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { partyOfCaller, visibleTo } from './parties.ts';
import { SUMMARY_COLUMNS, listAffiliations, toSummary } from './queries.ts';

/** Lists across affiliations: expiring ones, the export, the hospital's dashboard. */

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function affiliationReports({ db }: { db: Db }) {
  return {
    expiring(caller: AuthUser, query: z.output<typeof expiringQuery>) {
      const today = indiaDate(new Date());
      return listAffiliations(
        db,
        caller,
        { page: query.page, limit: query.limit },
        and(
          eq(affiliations.status, 'ACTIVE'),
          gte(affiliations.endDate, today),
          lte(affiliations.endDate, addDays(today, query.days)),
        ),
      );
    },

    /** Every affiliation the caller is on (an admin: all), streamed as CSV; `excel` adds the byte-order mark and CRLF Excel expects. */
    async export(caller: AuthUser, query: z.output<typeof exportQuery>): Promise<Readable> {
      const rows = await db
        .select(SUMMARY_COLUMNS)
        .from(affiliations)
        .where(and(visibleTo(caller), query.status ? eq(affiliations.status, query.status) : undefined))
        .orderBy(desc(affiliations.updatedAt))
        .limit(10_000);
      const csv = stringify({
        header: true,
        bom: query.format === 'excel',
        record_delimiter: query.format === 'excel' ? 'windows' : 'unix',
        columns: ['id', 'status', 'type', 'proposer', 'recipient', 'benefits', 'startDate', 'endDate', 'verified'],
        // A cell that starts with = + - @ would run as a formula in a spreadsheet.
        cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
      });
      for (const j of rows) {
        const s = toSummary(caller, j);
        csv.write({
          id: s.id,
          status: s.status,
          type: s.type,
          proposer: s.proposer.name,
          recipient: s.recipient.name,
          benefits: s.benefits.join(' '),
          startDate: s.startDate,
          endDate: s.endDate,
          verified: s.verificationRequired ? (s.verifiedAt ? 'yes' : 'no') : 'not needed',
        });
      }
      csv.end();
      return csv;
    },

    async dashboard(caller: AuthUser, query: z.output<typeof dashboardQuery>) {
      const own = partyOfCaller(caller);
      if (!own || own.kind !== 'HOSPITAL') throw forbidden('The dashboard is the hospital’s.');
      const mine = visibleTo(caller);
      const since = new Date(Date.now() - Number.parseInt(query.period, 10) * 86_400_000);
      const [byStatus, byType, partners, [due]] = await Promise.all([
        db
          .select({ status: affiliations.status, count: sql<number>`count(*)::int` })
          .from(affiliations)
          .where(mine)
          .groupBy(affiliations.status),
        db
          .select({ type: affiliations.type, count: sql<number>`count(*)::int` })
          .from(affiliations)
          .where(mine)
          .groupBy(affiliations.type),
        db
          .select({
            id: affiliations.id,
            proposerId: affiliations.proposerId,
            proposerName: SUMMARY_COLUMNS.proposerName,
            recipientName: SUMMARY_COLUMNS.recipientName,
            revenuePaise: sql<number>`coalesce(sum(${affiliationLedger.amountPaise}), 0)::bigint`,
          })
          .from(affiliations)
          .leftJoin(
            affiliationLedger,
            and(eq(affiliationLedger.affiliationId, affiliations.id), gte(affiliationLedger.occurredAt, since)),
          )
          .where(mine)
          .groupBy(affiliations.id)
          .orderBy(desc(sql`4`))
          .limit(5),
        db
          .select({ due: sql<number>`coalesce(sum(${affiliationLedger.commissionPaise}), 0)::bigint` })
          .from(affiliationLedger)
          .innerJoin(affiliations, eq(affiliations.id, affiliationLedger.affiliationId))
          .where(and(mine, isNull(affiliationLedger.statementId))),
      ]);
      const count = <K extends string>(
        list: Array<{ count: number } & Record<string, unknown>>,
        key: string,
        values: readonly K[],
      ) => values.map((v) => ({ [key]: v, count: list.find((r) => r[key] === v)?.count ?? 0 }));
      return {
        byStatus: count(byStatus, 'status', AFFILIATION_STATUSES) as Array<{
          status: (typeof AFFILIATION_STATUSES)[number];
          count: number;
        }>,
        byType: count(byType, 'type', AFFILIATION_TYPES) as Array<{
          type: (typeof AFFILIATION_TYPES)[number];
          count: number;
        }>,
        topPartners: partners
          .map((p) => ({
            id: p.id,
            name: (p.proposerId === own.id ? p.recipientName : p.proposerName) ?? '—',
            revenuePaise: Number(p.revenuePaise),
          }))
          .sort((a, b) => b.revenuePaise - a.revenuePaise),
        commissionDuePaise: Number(due?.due ?? 0),
      };
    },
  };
}

export type AffiliationReports = ReturnType<typeof affiliationReports>;
