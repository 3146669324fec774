import { and, eq } from 'drizzle-orm';
import { checkAllergies, checkInteractions } from '../../../domain/rules/drugSafety.ts';
import {
  ageInYears,
  bmiOf,
  criticalFindings,
  interpretVitals,
  type VitalsInput,
} from '../../../domain/rules/vitals.ts';
import type { Db } from '../client.ts';
import {
  appointments,
  consultationAlerts,
  consultationAudit,
  consultationDiagnoses,
  consultationPrescriptions,
  consultationTests,
  consultationVitals,
  consultations,
} from '../schema/index.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './members.ts';
import type { DemoNetwork } from './network.ts';

type Writer = Pick<Db, 'insert' | 'select'>;

type Rx = {
  genericName: string;
  strength: string;
  dose: string;
  frequency: string;
  duration: string;
  instructions?: string;
};

async function addVitals(
  db: Writer,
  consultationId: string,
  createdBy: string,
  input: VitalsInput,
  age: number | null,
  at: Date,
) {
  const readings = interpretVitals(input, age);
  await db.insert(consultationVitals).values({
    consultationId,
    createdBy,
    temperature: input.temperature ?? null,
    temperatureUnit: input.temperatureUnit ?? 'C',
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
    createdAt: at,
  });
  for (const message of criticalFindings(readings)) {
    await db
      .insert(consultationAlerts)
      .values({ consultationId, kind: 'CRITICAL_VITAL', severity: 'CRITICAL', message, createdAt: at });
  }
}

async function addPrescriptions(
  db: Writer,
  consultationId: string,
  createdBy: string,
  allergies: string[],
  lines: Rx[],
  at: Date,
) {
  const names = lines.map((l) => l.genericName);
  for (const [i, line] of lines.entries()) {
    await db.insert(consultationPrescriptions).values({
      consultationId,
      createdBy,
      ...line,
      instructions: line.instructions ?? null,
      form: 'TABLET',
      route: 'ORAL',
      quantity: null,
      allergyCheck: checkAllergies([line.genericName], allergies).results[0]!,
      interactionCheck: checkInteractions(
        [line.genericName],
        names.filter((_, j) => j !== i),
      )[0]!,
      createdAt: at,
    });
  }
}

/**
 * The demo doctor's consultations: the demo patient's completed visit (the one twelve days ago),
 * with vitals, diagnoses, a prescription that respects her penicillin allergy, tests and advice;
 * and a walk-in at the demo hospital in progress today, with a critical SpO2 alert to acknowledge.
 */
export async function insertDemoConsultations(db: Writer, network: DemoNetwork, now = new Date()) {
  const doctorUser = DEMO_USER_IDS['doctor@caremesh.test']!;
  const patient = network.patients.find((p) => p.id === DEMO_REFERENCE_IDS.patient);
  const [visit] = await db
    .select({ id: appointments.id, scheduledAt: appointments.scheduledAt, reason: appointments.reason })
    .from(appointments)
    .where(and(eq(appointments.patientId, DEMO_REFERENCE_IDS.patient), eq(appointments.status, 'COMPLETED')));
  if (patient && visit) {
    const started = visit.scheduledAt;
    const completed = new Date(started.getTime() + 20 * 60_000);
    const [row] = await db
      .insert(consultations)
      .values({
        appointmentId: visit.id,
        patientId: patient.id,
        doctorId: DEMO_REFERENCE_IDS.doctor,
        hospitalId: DEMO_REFERENCE_IDS.hospital,
        status: 'COMPLETED',
        consultationType: 'IN_PERSON',
        visitType: 'INITIAL',
        severity: 'MODERATE',
        chiefComplaint: visit.reason,
        history: 'Breathless on climbing two flights of stairs for three weeks. No chest pain at rest.',
        examination: 'Mild pedal oedema. Heart sounds normal, no murmur. Chest clear.',
        advice:
          'Walk 30 minutes a day on level ground. Less salt. Stop if chest pain or breathlessness at rest — come to casualty.',
        followUp: 'Review in two weeks with the echo and lipid reports.',
        notes: 'Started on a statin and a low-dose beta-blocker. Echo advised.',
        privateNotes: 'Consider stress test if echo is normal.',
        startedAt: started,
        completedAt: completed,
        createdBy: doctorUser,
        createdAt: started,
        updatedAt: completed,
      })
      .returning({ id: consultations.id });
    const id = row!.id;
    const age = ageInYears(patient.dateOfBirth ?? null, now);
    await addVitals(
      db,
      id,
      doctorUser,
      {
        temperature: 98.4,
        temperatureUnit: 'F',
        pulse: 92,
        systolic: 146,
        diastolic: 92,
        respiratoryRate: 18,
        spo2: 97,
        weightKg: 68,
        heightCm: 160,
      },
      age,
      started,
    );
    await db.insert(consultationDiagnoses).values([
      {
        consultationId: id,
        createdBy: doctorUser,
        code: 'I10',
        description: 'Essential (primary) hypertension',
        certainty: 'CONFIRMED',
        rank: 'PRIMARY',
        createdAt: started,
      },
      {
        consultationId: id,
        createdBy: doctorUser,
        code: 'R06.0',
        description: 'Dyspnoea',
        certainty: 'PROVISIONAL',
        rank: 'SECONDARY',
        createdAt: started,
      },
    ]);
    await addPrescriptions(
      db,
      id,
      doctorUser,
      patient.allergies ?? [],
      [
        {
          genericName: 'Atorvastatin',
          strength: '10 mg',
          dose: '1 tablet',
          frequency: 'Once a day at night',
          duration: '30 days',
        },
        {
          genericName: 'Metoprolol',
          strength: '25 mg',
          dose: '1 tablet',
          frequency: 'Once a day in the morning',
          duration: '30 days',
          instructions: 'Do not stop suddenly',
        },
      ],
      started,
    );
    await db.insert(consultationTests).values([
      {
        consultationId: id,
        createdBy: doctorUser,
        testName: '2D echocardiography',
        priority: 'ROUTINE',
        createdAt: started,
      },
      {
        consultationId: id,
        createdBy: doctorUser,
        testName: 'Lipid profile (fasting)',
        priority: 'ROUTINE',
        createdAt: started,
      },
    ]);
    await db.insert(consultationAudit).values([
      {
        consultationId: id,
        actorUserId: doctorUser,
        actorRole: 'DOCTOR',
        actorName: 'Dr Arjun Rao',
        action: 'CREATE',
        what: 'Started the consultation from the appointment',
        createdAt: started,
      },
      {
        consultationId: id,
        actorUserId: doctorUser,
        actorRole: 'DOCTOR',
        actorName: 'Dr Arjun Rao',
        action: 'COMPLETE_CONSULTATION',
        what: 'Complete consultation',
        createdAt: completed,
      },
    ]);
  }

  const walkIn = network.patients.find((p) => p.id !== DEMO_REFERENCE_IDS.patient);
  if (walkIn) {
    const started = new Date(now.getTime() - 25 * 60_000);
    const [row] = await db
      .insert(consultations)
      .values({
        patientId: walkIn.id,
        doctorId: DEMO_REFERENCE_IDS.doctor,
        hospitalId: DEMO_REFERENCE_IDS.hospital,
        status: 'IN_PROGRESS',
        consultationType: 'IN_PERSON',
        visitType: 'EMERGENCY',
        chiefComplaint: 'Fever and cough for four days, breathless since morning',
        startedAt: started,
        createdBy: DEMO_USER_IDS['hospital@caremesh.test'] ?? doctorUser,
        createdAt: started,
        updatedAt: started,
      })
      .returning({ id: consultations.id });
    await addVitals(
      db,
      row!.id,
      doctorUser,
      { temperature: 38.9, pulse: 112, respiratoryRate: 26, spo2: 88, systolic: 118, diastolic: 76 },
      ageInYears(walkIn.dateOfBirth ?? null, now),
      started,
    );
    await db.insert(consultationDiagnoses).values({
      consultationId: row!.id,
      createdBy: doctorUser,
      code: 'J18.9',
      description: 'Pneumonia, unspecified',
      certainty: 'PROVISIONAL',
      rank: 'PRIMARY',
      createdAt: started,
    });
  }
}
