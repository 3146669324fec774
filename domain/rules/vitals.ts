import type { TemperatureUnit, VitalReading } from '../enums.ts';

/**
 * How the server reads a vital sign: against adult or paediatric ranges for the patient's age.
 * Each band is `{ criticalBelow, min, max, criticalAbove }`:
 *   value < criticalBelow or value > criticalAbove → CRITICAL; value < min → LOW; value > max → HIGH;
 *   otherwise NORMAL. The edges themselves belong to the milder reading (min and max are normal).
 * Sources: adult ranges as in the NEWS2 chart (Royal College of Physicians, 2017) and common
 * hospital critical-value lists; paediatric ranges from the PALS/IAP age-band vital sign tables;
 * BMI with the Asian-Indian cut-offs (WHO expert consultation, Lancet 2004; Misra et al., JAPI 2009).
 */

export type AgeBand = 'INFANT' | 'CHILD' | 'ADULT';
export type Band = { criticalBelow: number | null; min: number; max: number; criticalAbove: number | null };

export const VITAL_KINDS = [
  'temperature',
  'pulse',
  'systolic',
  'diastolic',
  'respiratoryRate',
  'spo2',
  'bloodSugar',
  'bmi',
] as const;
export type VitalKind = (typeof VITAL_KINDS)[number];

export const VITAL_LABELS: Record<VitalKind, string> = {
  temperature: 'Temperature',
  pulse: 'Pulse',
  systolic: 'Systolic blood pressure',
  diastolic: 'Diastolic blood pressure',
  respiratoryRate: 'Respiratory rate',
  spo2: 'SpO2',
  bloodSugar: 'Blood sugar',
  bmi: 'BMI',
};

export const VITAL_UNITS: Record<VitalKind, string> = {
  temperature: '°C',
  pulse: '/min',
  systolic: 'mmHg',
  diastolic: 'mmHg',
  respiratoryRate: '/min',
  spo2: '%',
  bloodSugar: 'mg/dL',
  bmi: 'kg/m²',
};

const band = (criticalBelow: number | null, min: number, max: number, criticalAbove: number | null): Band => ({
  criticalBelow,
  min,
  max,
  criticalAbove,
});

/** The ranges by age band. BMI has no paediatric band (children are read on growth charts, not here). */
export const VITAL_RANGES: Record<AgeBand, Partial<Record<VitalKind, Band>>> = {
  ADULT: {
    temperature: band(35, 36.1, 37.5, 40),
    pulse: band(40, 60, 100, 130),
    systolic: band(70, 90, 139, 180),
    diastolic: band(40, 60, 89, 120),
    respiratoryRate: band(8, 12, 20, 29),
    spo2: band(90, 95, 100, null),
    bloodSugar: band(54, 70, 140, 400),
    bmi: band(16, 18.5, 22.9, 40),
  },
  CHILD: {
    temperature: band(35, 36.1, 37.5, 40),
    pulse: band(50, 70, 120, 160),
    systolic: band(70, 90, 120, 140),
    diastolic: band(40, 55, 80, 100),
    respiratoryRate: band(12, 18, 30, 50),
    spo2: band(90, 95, 100, null),
    bloodSugar: band(54, 70, 140, 400),
  },
  INFANT: {
    temperature: band(35, 36.5, 37.5, 39),
    pulse: band(80, 100, 160, 190),
    systolic: band(60, 70, 100, 120),
    diastolic: band(30, 40, 65, 90),
    respiratoryRate: band(20, 30, 60, 70),
    spo2: band(90, 95, 100, null),
    bloodSugar: band(45, 60, 140, 300),
  },
};

/** Age in whole years on `on` from a 'yyyy-mm-dd' birth date; null when unknown. */
export function ageInYears(dateOfBirth: string | null | undefined, on: Date = new Date()): number | null {
  if (!dateOfBirth) return null;
  const birth = new Date(`${dateOfBirth}T00:00:00Z`);
  if (Number.isNaN(birth.getTime())) return null;
  let years = on.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    on.getUTCMonth() < birth.getUTCMonth() ||
    (on.getUTCMonth() === birth.getUTCMonth() && on.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) years -= 1;
  return Math.max(years, 0);
}

/** Under 1: infant; 1 to 12: child; 13 and over (or unknown): adult ranges. */
export function ageBandOf(ageYears: number | null): AgeBand {
  if (ageYears === null) return 'ADULT';
  if (ageYears < 1) return 'INFANT';
  if (ageYears < 13) return 'CHILD';
  return 'ADULT';
}

export function readAgainst(value: number, range: Band): VitalReading {
  if (range.criticalBelow !== null && value < range.criticalBelow) return 'CRITICAL';
  if (range.criticalAbove !== null && value > range.criticalAbove) return 'CRITICAL';
  if (value < range.min) return 'LOW';
  if (value > range.max) return 'HIGH';
  return 'NORMAL';
}

export function fahrenheitToCelsius(f: number): number {
  return Math.round(((f - 32) * 5 * 10) / 9) / 10;
}

export function toCelsius(value: number, unit: TemperatureUnit): number {
  return unit === 'F' ? fahrenheitToCelsius(value) : value;
}

/** BMI in kg/m², one decimal; null without both weight and height. */
export function bmiOf(weightKg: number | null | undefined, heightCm: number | null | undefined): number | null {
  if (!weightKg || !heightCm) return null;
  const metres = heightCm / 100;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}

export type VitalsInput = {
  temperature?: number | null;
  temperatureUnit?: TemperatureUnit;
  pulse?: number | null;
  systolic?: number | null;
  diastolic?: number | null;
  respiratoryRate?: number | null;
  spo2?: number | null;
  weightKg?: number | null;
  heightCm?: number | null;
  bloodSugar?: number | null;
};

export type VitalInterpretation = {
  kind: VitalKind;
  label: string;
  value: number;
  unit: string;
  reading: VitalReading;
  /** The normal range used, as words ("60–100 /min"). */
  normalRange: string;
};

/** Every measured vital read against the age band's ranges (temperature in °C whatever was entered). */
export function interpretVitals(input: VitalsInput, ageYears: number | null): VitalInterpretation[] {
  const ranges = VITAL_RANGES[ageBandOf(ageYears)];
  const values: Partial<Record<VitalKind, number | null | undefined>> = {
    temperature: input.temperature == null ? null : toCelsius(input.temperature, input.temperatureUnit ?? 'C'),
    pulse: input.pulse,
    systolic: input.systolic,
    diastolic: input.diastolic,
    respiratoryRate: input.respiratoryRate,
    spo2: input.spo2,
    bloodSugar: input.bloodSugar,
    bmi: bmiOf(input.weightKg, input.heightCm),
  };
  const out: VitalInterpretation[] = [];
  for (const kind of VITAL_KINDS) {
    const value = values[kind];
    const range = ranges[kind];
    if (value == null || !range) continue;
    out.push({
      kind,
      label: VITAL_LABELS[kind],
      value,
      unit: VITAL_UNITS[kind],
      reading: readAgainst(value, range),
      normalRange: `${range.min}–${range.max} ${VITAL_UNITS[kind]}`,
    });
  }
  return out;
}

/** The critical readings, as alert text ("SpO2 85 % is critical (normal 95–100 %)"). */
export function criticalFindings(readings: VitalInterpretation[]): string[] {
  return readings
    .filter((r) => r.reading === 'CRITICAL')
    .map((r) => `${r.label} ${r.value} ${r.unit} is critical (normal ${r.normalRange})`);
}
