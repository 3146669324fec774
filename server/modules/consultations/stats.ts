import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CONSULTATION_STATUSES, CONSULTATION_TYPES } from '../../../domain/enums.ts';
import type { departmentStatsSchema, statsQuery, statsSchema } from '../../../domain/schemas/consultationCare.ts';
import type { Db } from '../../db/client.ts';
import { consultationFollowUps, consultations, doctors } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { invalid } from '../../platform/errors.ts';
import { consultationScope } from './queries.ts';

/**
 * Consultation statistics for the caller's own consultations (a hospital's, a doctor's; an admin
 * sees all): counts by status and type, revenue (payments less refunds, in paise), average duration,
 * follow-up rate; and the same per department (the doctor's first specialisation).
 */

const revenueSql = sql<number>`coalesce((select sum(case when l.kind = 'PAYMENT' then l.amount_paise when l.kind = 'REFUND' then -l.amount_paise else 0 end)
  from consultation_bill_lines l where l.consultation_id = "consultations"."id" and not l.failed), 0)`;
const followedSql = sql<number>`(case when exists (select 1 from ${consultationFollowUps} f where f.consultation_id = "consultations"."id") then 1 else 0 end)`;
const departmentSql = sql<string>`coalesce(${doctors.specializations}[1], 'General')`;

function whereOf(caller: AuthUser, query: z.output<typeof statsQuery>): SQL | undefined {
  if (query.startDate && query.endDate && query.startDate > query.endDate) {
    throw invalid('startDate must be on or before endDate.', {
      issues: [{ path: 'query.startDate', message: 'startDate must be on or before endDate' }],
    });
  }
  const from = query.startDate ? new Date(`${query.startDate}T00:00:00+05:30`) : undefined;
  const to = query.endDate ? new Date(new Date(`${query.endDate}T00:00:00+05:30`).getTime() + 86_400_000) : undefined;
  return and(
    caller.role === 'ADMIN' ? undefined : consultationScope(caller),
    from ? gte(consultations.createdAt, from) : undefined,
    to ? lt(consultations.createdAt, to) : undefined,
  );
}

export function consultationStats(db: Db) {
  return {
    async stats(caller: AuthUser, query: z.output<typeof statsQuery>): Promise<z.output<typeof statsSchema>> {
      const rows = await db
        .select({
          status: consultations.status,
          type: consultations.consultationType,
          revenue: revenueSql,
          followed: followedSql,
          minutes: sql<
            number | null
          >`extract(epoch from (${consultations.completedAt} - ${consultations.startedAt})) / 60`,
        })
        .from(consultations)
        .where(whereOf(caller, query));
      const byStatus = Object.fromEntries(CONSULTATION_STATUSES.map((s) => [s, 0])) as Record<
        (typeof CONSULTATION_STATUSES)[number],
        number
      >;
      const byType = Object.fromEntries(CONSULTATION_TYPES.map((s) => [s, 0])) as Record<
        (typeof CONSULTATION_TYPES)[number],
        number
      >;
      let revenue = 0;
      let followed = 0;
      const durations: number[] = [];
      for (const r of rows) {
        byStatus[r.status] += 1;
        byType[r.type] += 1;
        revenue += Number(r.revenue);
        followed += Number(r.followed);
        if (r.minutes !== null && Number(r.minutes) >= 0) durations.push(Number(r.minutes));
      }
      const average = durations.length ? durations.reduce((a, b) => a + b, 0) / durations.length : 0;
      return {
        total: rows.length,
        byStatus,
        byType,
        revenuePaise: revenue,
        averageDurationMinutes: Math.round(average * 10) / 10,
        followUpRate: rows.length ? Math.round((followed / rows.length) * 10_000) / 100 : 0,
      };
    },

    async departments(
      caller: AuthUser,
      query: z.output<typeof statsQuery>,
    ): Promise<z.output<typeof departmentStatsSchema>> {
      const rows = await db
        .select({
          department: departmentSql,
          total: sql<number>`count(*)::int`,
          completed: sql<number>`count(*) filter (where ${consultations.status} = 'COMPLETED')::int`,
          revenuePaise: sql<number>`sum(${revenueSql})::bigint`,
          followUps: sql<number>`sum(${followedSql})::int`,
        })
        .from(consultations)
        .leftJoin(doctors, eq(doctors.id, consultations.doctorId))
        .where(whereOf(caller, query))
        .groupBy(departmentSql)
        .orderBy(departmentSql);
      return {
        departments: rows.map((r) => ({
          department: r.department,
          total: Number(r.total),
          completed: Number(r.completed),
          revenuePaise: Number(r.revenuePaise ?? 0),
          followUps: Number(r.followUps ?? 0),
        })),
      };
    },
  };
}
export type ConsultationStats = ReturnType<typeof consultationStats>;
