import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { checkAllergies, checkInteractions, type DrugCheck } from '../../../domain/rules/drugSafety.ts';
import { ageInYears, bmiOf, criticalFindings, interpretVitals } from '../../../domain/rules/vitals.ts';
import type {
  acknowledgeAlertBody,
  clinicalNotesBody,
  consentBody,
  diagnosisBody,
  diagnosticTestBody,
  prescriptionBody,
  vitalsBody,
} from '../../../domain/schemas/consultations.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  consultationAlerts,
  consultationConsents,
  consultationDiagnoses,
  consultationPrescriptions,
  consultationTests,
  consultationVitals,
  consultations,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, notFound, invalid } from '../../platform/errors.ts';
import { actorNameOf, audit } from './audit.ts';
import {
  reachConsultation,
  toConsent,
  toDiagnosis,
  toPrescription,
  toTest,
  toVitals,
  type ConsultationView,
} from './queries.ts';
import { changeRecord } from './service.ts';

type PartTable = PgTable & { id: PgColumn; consultationId: PgColumn };

/** The part `partId` of consultation `id`, or 404. */
async function partOf<T>(tx: Tx, table: PartTable, id: string, partId: string, noun: string): Promise<T> {
  const [row] = await tx
    .select()
    .from(table as never)
    .where(and(eq(table.id, partId), eq(table.consultationId, id)));
  if (!row) throw notFound(`There is no such ${noun} on this consultation.`);
  return row as T;
}

/** An alert on a consultation (a critical vital, a found interaction or allergy, a critical result). */
export async function insertAlert(
  executor: Db | Tx,
  consultationId: string,
  alert: { kind: (typeof consultationAlerts.$inferInsert)['kind']; severity: 'CRITICAL' | 'WARNING'; message: string },
) {
  const [row] = await executor
    .insert(consultationAlerts)
    .values({ consultationId, ...alert })
    .returning();
  return row!;
}

function vitalsValues(row: ConsultationView, input: z.output<typeof vitalsBody>) {
  const readings = interpretVitals(input, ageInYears(row.patientDob));
  return {
    values: {
      temperature: input.temperature ?? null,
      temperatureUnit: input.temperatureUnit,
      pulse: input.pulse ?? null,
      systolic: input.systolic ?? null,
      diastolic: input.diastolic ?? null,
      respiratoryRate: input.respiratoryRate ?? null,
      spo2: input.spo2 ?? null,
      weightKg: input.weightKg ?? null,
      heightCm: input.heightCm ?? null,
      bmi: bmiOf(input.weightKg, input.heightCm),
      bloodSugar: input.bloodSugar ?? null,
      readings,
    },
    critical: criticalFindings(readings),
  };
}

async function raiseVitalAlerts(tx: Tx, id: string, critical: string[]) {
  for (const message of critical) await insertAlert(tx, id, { kind: 'CRITICAL_VITAL', severity: 'CRITICAL', message });
}

/** Both checks for one prescription line against the patient's allergies and the consultation's other lines. */
async function prescriptionChecks(tx: Tx, row: ConsultationView, drug: string, exceptId?: string) {
  const others = await tx
    .select({ name: consultationPrescriptions.genericName })
    .from(consultationPrescriptions)
    .where(
      and(
        eq(consultationPrescriptions.consultationId, row.id),
        exceptId ? ne(consultationPrescriptions.id, exceptId) : undefined,
      ),
    );
  const allergyCheck = checkAllergies([drug], row.allergies).results[0]!;
  const interactionCheck = checkInteractions(
    [drug],
    others.map((o) => o.name),
  )[0]!;
  return { allergyCheck, interactionCheck };
}

const contraindicated = (check: DrugCheck) => check.findings.some((f) => f.severity === 'CONTRAINDICATED');

async function writePrescriptionAlerts(tx: Tx, id: string, allergy: DrugCheck, interaction: DrugCheck) {
  for (const [kind, check] of [
    ['ALLERGY', allergy],
    ['DRUG_INTERACTION', interaction],
  ] as const) {
    const worst = check.findings[0];
    if (check.outcome !== 'FOUND' || !worst) continue;
    await insertAlert(tx, id, {
      kind,
      severity: worst.severity === 'MODERATE' ? 'WARNING' : 'CRITICAL',
      message: `${check.drug}: ${check.message}`,
    });
  }
}

export function consultationPartUseCases(db: Db) {
  const record = <T>(
    caller: AuthUser,
    id: string,
    change: (tx: Tx, row: ConsultationView) => Promise<{ result: T; what: string; auditAction: string }>,
  ) => changeRecord(db, caller, id, 'RECORD', (tx, row) => change(tx, row));

  /** Adds a prescription or changes one: both checks run; a contraindication needs an override reason. */
  async function prescribe(caller: AuthUser, id: string, input: z.output<typeof prescriptionBody>, partId?: string) {
    return record(caller, id, async (tx, row) => {
      if (partId) await partOf(tx, consultationPrescriptions, id, partId, 'prescription');
      const { allergyCheck, interactionCheck } = await prescriptionChecks(tx, row, input.genericName, partId);
      const needsOverride = contraindicated(allergyCheck) || contraindicated(interactionCheck);
      if (needsOverride && !input.overrideReason) {
        throw invalid(
          `${input.genericName} is contraindicated for this patient. To prescribe it anyway, give the reason for overriding.`,
          {
            reason: 'OVERRIDE_REQUIRED',
            allergyCheck,
            interactionCheck,
            issues: [{ path: 'body.overrideReason', message: 'Give the reason for overriding the warning' }],
          },
        );
      }
      const values = {
        genericName: input.genericName,
        brandName: input.brandName ?? null,
        strength: input.strength ?? null,
        form: input.form,
        route: input.route,
        dose: input.dose,
        frequency: input.frequency,
        duration: input.duration,
        quantity: input.quantity ?? null,
        instructions: input.instructions ?? null,
        allergyCheck,
        interactionCheck,
        overrideReason: needsOverride ? input.overrideReason! : null,
      };
      const [saved] = partId
        ? await tx
            .update(consultationPrescriptions)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(consultationPrescriptions.id, partId))
            .returning()
        : await tx
            .insert(consultationPrescriptions)
            .values({ ...values, consultationId: id, createdBy: caller.id })
            .returning();
      await writePrescriptionAlerts(tx, id, allergyCheck, interactionCheck);
      const override = needsOverride ? ` — contraindication overridden: ${input.overrideReason}` : '';
      return {
        result: toPrescription(saved!),
        what: `${partId ? 'Changed' : 'Prescribed'} ${input.genericName}${override}`,
        auditAction: needsOverride ? 'OVERRIDE' : partId ? 'UPDATE' : 'ADD',
      };
    });
  }

  function removePart(table: PartTable, noun: string) {
    return (caller: AuthUser, id: string, partId: string) =>
      record(caller, id, async (tx) => {
        await partOf(tx, table, id, partId, noun);
        await tx.delete(table).where(eq(table.id, partId));
        return { result: { id: partId }, what: `Removed a ${noun}`, auditAction: 'DELETE' };
      });
  }

  return {
    addDiagnosis: (caller: AuthUser, id: string, input: z.output<typeof diagnosisBody>) =>
      record(caller, id, async (tx) => {
        const [saved] = await tx
          .insert(consultationDiagnoses)
          .values({
            consultationId: id,
            createdBy: caller.id,
            ...input,
            code: input.code?.toUpperCase() ?? null,
            notes: input.notes ?? null,
          })
          .returning();
        return { result: toDiagnosis(saved!), what: `Added the diagnosis ${input.description}`, auditAction: 'ADD' };
      }),
    updateDiagnosis: (caller: AuthUser, id: string, partId: string, input: z.output<typeof diagnosisBody>) =>
      record(caller, id, async (tx) => {
        await partOf(tx, consultationDiagnoses, id, partId, 'diagnosis');
        const [saved] = await tx
          .update(consultationDiagnoses)
          .set({ ...input, code: input.code?.toUpperCase() ?? null, notes: input.notes ?? null, updatedAt: new Date() })
          .where(eq(consultationDiagnoses.id, partId))
          .returning();
        return {
          result: toDiagnosis(saved!),
          what: `Changed the diagnosis ${input.description}`,
          auditAction: 'UPDATE',
        };
      }),
    removeDiagnosis: removePart(consultationDiagnoses, 'diagnosis'),

    addVitals: (caller: AuthUser, id: string, input: z.output<typeof vitalsBody>) =>
      record(caller, id, async (tx, row) => {
        const { values, critical } = vitalsValues(row, input);
        const [saved] = await tx
          .insert(consultationVitals)
          .values({ consultationId: id, createdBy: caller.id, ...values })
          .returning();
        await raiseVitalAlerts(tx, id, critical);
        return { result: toVitals(saved!), what: 'Recorded vital signs', auditAction: 'ADD' };
      }),
    updateVitals: (caller: AuthUser, id: string, partId: string, input: z.output<typeof vitalsBody>) =>
      record(caller, id, async (tx, row) => {
        await partOf(tx, consultationVitals, id, partId, 'vital signs record');
        const { values, critical } = vitalsValues(row, input);
        const [saved] = await tx
          .update(consultationVitals)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(consultationVitals.id, partId))
          .returning();
        await raiseVitalAlerts(tx, id, critical);
        return { result: toVitals(saved!), what: 'Changed vital signs', auditAction: 'UPDATE' };
      }),
    removeVitals: removePart(consultationVitals, 'vital signs record'),

    addPrescription: (caller: AuthUser, id: string, input: z.output<typeof prescriptionBody>) =>
      prescribe(caller, id, input),
    updatePrescription: (caller: AuthUser, id: string, partId: string, input: z.output<typeof prescriptionBody>) =>
      prescribe(caller, id, input, partId),
    removePrescription: removePart(consultationPrescriptions, 'prescription'),
    async listPrescriptions(caller: AuthUser, id: string) {
      const { row, party } = await reachConsultation(db, caller, id);
      const rows = await db
        .select()
        .from(consultationPrescriptions)
        .where(eq(consultationPrescriptions.consultationId, id));
      await audit(db, caller, row, party, 'READ', 'Read the prescriptions');
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(toPrescription);
    },

    addTest: (caller: AuthUser, id: string, input: z.output<typeof diagnosticTestBody>) =>
      record(caller, id, async (tx) => {
        const [saved] = await tx
          .insert(consultationTests)
          .values({
            consultationId: id,
            createdBy: caller.id,
            testName: input.testName,
            priority: input.priority,
            instructions: input.instructions ?? null,
          })
          .returning();
        return { result: toTest(saved!), what: `Added the test ${input.testName}`, auditAction: 'ADD' };
      }),
    updateTest: (caller: AuthUser, id: string, partId: string, input: z.output<typeof diagnosticTestBody>) =>
      record(caller, id, async (tx) => {
        await partOf(tx, consultationTests, id, partId, 'test');
        const [saved] = await tx
          .update(consultationTests)
          .set({
            testName: input.testName,
            priority: input.priority,
            instructions: input.instructions ?? null,
            updatedAt: new Date(),
          })
          .where(eq(consultationTests.id, partId))
          .returning();
        return { result: toTest(saved!), what: `Changed the test ${input.testName}`, auditAction: 'UPDATE' };
      }),
    removeTest: removePart(consultationTests, 'test'),
    async listTests(caller: AuthUser, id: string) {
      const { row, party } = await reachConsultation(db, caller, id);
      const rows = await db.select().from(consultationTests).where(eq(consultationTests.consultationId, id));
      await audit(db, caller, row, party, 'READ', 'Read the tests');
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(toTest);
    },

    setClinicalNotes: (caller: AuthUser, id: string, input: z.output<typeof clinicalNotesBody>) =>
      record(caller, id, async (tx) => {
        await tx
          .update(consultations)
          .set({ notes: input.notes, privateNotes: input.privateNotes })
          .where(eq(consultations.id, id));
        return { result: null, what: 'Changed the clinical notes', auditAction: 'UPDATE' };
      }),

    recordConsent: (caller: AuthUser, id: string, input: z.output<typeof consentBody>) =>
      record(caller, id, async (tx, row) => {
        if (input.givenBy === 'GUARDIAN' && !input.guardianName) {
          throw invalid('Name the guardian who gave consent.', {
            issues: [{ path: 'body.guardianName', message: 'Name the guardian' }],
          });
        }
        const [saved] = await tx
          .insert(consultationConsents)
          .values({
            consultationId: id,
            createdBy: caller.id,
            scope: input.scope,
            agreed: input.agreed,
            givenBy: input.givenBy,
            guardianName: input.guardianName ?? null,
            recordedByName: actorNameOf(caller, row),
          })
          .returning();
        return {
          result: toConsent(saved!),
          what: `Recorded consent (${input.agreed ? 'agreed' : 'refused'}): ${input.scope}`,
          auditAction: 'CONSENT',
        };
      }),

    acknowledgeAlert: (caller: AuthUser, id: string, alertId: string, input: z.output<typeof acknowledgeAlertBody>) =>
      changeRecord(db, caller, id, 'ACKNOWLEDGE', async (tx, row) => {
        const alert = await partOf<typeof consultationAlerts.$inferSelect>(
          tx,
          consultationAlerts,
          id,
          alertId,
          'alert',
        );
        if (alert.acknowledgedAt) throw conflict('This alert has already been acknowledged.');
        const [saved] = await tx
          .update(consultationAlerts)
          .set({
            acknowledgedAt: new Date(),
            acknowledgedBy: caller.id,
            acknowledgedByName: actorNameOf(caller, row),
            comment: input.comment ?? null,
          })
          .where(eq(consultationAlerts.id, alertId))
          .returning();
        return { result: saved!, what: `Acknowledged the alert: ${alert.message}`, auditAction: 'ACKNOWLEDGE' };
      }),

    /** The allergy check for drugs under consideration (nothing is stored but the audit line). */
    async checkAllergies(caller: AuthUser, id: string, drugs: string[]) {
      const { row, party } = await reachConsultation(db, caller, id);
      if (party !== 'TREATING') throw notFound('There is no such consultation.');
      const check = checkAllergies(drugs, row.allergies);
      await audit(db, caller, row, party, 'CHECK', `Checked allergies for ${drugs.join(', ')}`);
      return { allergies: row.allergies, ...check };
    },

    async checkInteractions(caller: AuthUser, id: string, drugs: string[]) {
      const { row, party } = await reachConsultation(db, caller, id);
      if (party !== 'TREATING') throw notFound('There is no such consultation.');
      const current = await db
        .select({ name: consultationPrescriptions.genericName })
        .from(consultationPrescriptions)
        .where(eq(consultationPrescriptions.consultationId, id));
      const against = current.map((c) => c.name);
      await audit(db, caller, row, party, 'CHECK', `Checked interactions for ${drugs.join(', ')}`);
      return { against, results: checkInteractions(drugs, against) };
    },
  };
}
