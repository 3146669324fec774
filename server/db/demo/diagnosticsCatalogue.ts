import type { DiagnosticTestType, SampleType } from '../../../domain/enums.ts';
import type { ReferenceRange } from '../../../domain/rules/diagnosticOrders.ts';

const any = (
  low: number | null,
  high: number | null,
  criticalLow: number | null = null,
  criticalHigh: number | null = null,
): ReferenceRange => ({
  sex: 'ANY',
  ageFrom: 0,
  ageTo: null,
  low,
  high,
  criticalLow,
  criticalHigh,
});
const adult = (
  sex: 'MALE' | 'FEMALE',
  low: number,
  high: number,
  criticalLow: number,
  criticalHigh: number,
): ReferenceRange => ({
  sex,
  ageFrom: 18,
  ageTo: null,
  low,
  high,
  criticalLow,
  criticalHigh,
});

export type CatalogueSeed = {
  price: number;
  sampleType: SampleType;
  turnaroundHours: number;
  homeCollection?: boolean;
  fastingHours?: number;
  preparation?: string;
  unit?: string;
  referenceRanges?: ReferenceRange[];
  absoluteLow?: number;
  absoluteHigh?: number;
};

/** Precision Diagnostics' catalogue: prices in rupees as a Pune lab lists them; ranges for the headline analyte. */
export const DEMO_CATALOGUE: Partial<Record<DiagnosticTestType, CatalogueSeed>> = {
  CBC: {
    price: 350,
    sampleType: 'BLOOD',
    turnaroundHours: 8,
    homeCollection: true,
    unit: 'g/dL',
    referenceRanges: [
      adult('MALE', 13, 17, 7, 20),
      adult('FEMALE', 12, 15, 7, 20),
      { ...any(11, 14.5, 7, 20), ageTo: 18 },
    ],
    absoluteLow: 0,
    absoluteHigh: 30,
  },
  LIPID_PROFILE: {
    price: 600,
    sampleType: 'SERUM',
    turnaroundHours: 12,
    homeCollection: true,
    fastingHours: 12,
    preparation: 'Water only after dinner; no alcohol for 24 hours.',
    unit: 'mg/dL',
    referenceRanges: [any(null, 200)],
    absoluteLow: 0,
    absoluteHigh: 2000,
  },
  LFT: {
    price: 700,
    sampleType: 'SERUM',
    turnaroundHours: 12,
    homeCollection: true,
    unit: 'U/L (ALT)',
    referenceRanges: [any(7, 56, null, 1000)],
    absoluteLow: 0,
    absoluteHigh: 20000,
  },
  KFT: {
    price: 650,
    sampleType: 'SERUM',
    turnaroundHours: 12,
    homeCollection: true,
    unit: 'mg/dL (creatinine)',
    referenceRanges: [adult('MALE', 0.7, 1.3, 0.2, 7), adult('FEMALE', 0.6, 1.1, 0.2, 7)],
    absoluteLow: 0,
    absoluteHigh: 40,
  },
  TFT: {
    price: 550,
    sampleType: 'SERUM',
    turnaroundHours: 24,
    homeCollection: true,
    preparation: 'Take thyroid tablets after the sample, not before.',
    unit: 'mIU/L (TSH)',
    referenceRanges: [any(0.4, 4.5, 0.01, 50)],
    absoluteLow: 0,
    absoluteHigh: 500,
  },
  BLOOD_GLUCOSE: {
    price: 120,
    sampleType: 'PLASMA',
    turnaroundHours: 4,
    homeCollection: true,
    fastingHours: 8,
    unit: 'mg/dL',
    referenceRanges: [any(70, 100, 40, 400)],
    absoluteLow: 5,
    absoluteHigh: 2000,
  },
  HBA1C: {
    price: 450,
    sampleType: 'BLOOD',
    turnaroundHours: 24,
    homeCollection: true,
    unit: '%',
    referenceRanges: [any(4, 5.7)],
    absoluteLow: 2,
    absoluteHigh: 20,
  },
  ELECTROLYTES: {
    price: 450,
    sampleType: 'SERUM',
    turnaroundHours: 6,
    homeCollection: true,
    unit: 'mmol/L (K)',
    referenceRanges: [any(3.5, 5.1, 2.5, 6.5)],
    absoluteLow: 0,
    absoluteHigh: 15,
  },
  URINE_ROUTINE: {
    price: 150,
    sampleType: 'URINE',
    turnaroundHours: 6,
    homeCollection: true,
    preparation: 'First morning sample, midstream, in the sterile container.',
  },
  VITAMIN_D: {
    price: 1200,
    sampleType: 'SERUM',
    turnaroundHours: 48,
    homeCollection: true,
    unit: 'ng/mL',
    referenceRanges: [any(30, 100, 5, 150)],
    absoluteLow: 0,
    absoluteHigh: 500,
  },
  VITAMIN_B12: {
    price: 900,
    sampleType: 'SERUM',
    turnaroundHours: 48,
    homeCollection: true,
    unit: 'pg/mL',
    referenceRanges: [any(200, 900)],
    absoluteLow: 0,
    absoluteHigh: 5000,
  },
  CRP: {
    price: 500,
    sampleType: 'SERUM',
    turnaroundHours: 8,
    homeCollection: true,
    unit: 'mg/L',
    referenceRanges: [any(null, 10)],
    absoluteLow: 0,
    absoluteHigh: 500,
  },
  CULTURE_SENSITIVITY: { price: 850, sampleType: 'URINE', turnaroundHours: 72, homeCollection: true },
  HISTOPATHOLOGY: { price: 1500, sampleType: 'TISSUE', turnaroundHours: 120 },
  X_RAY: { price: 450, sampleType: 'NONE', turnaroundHours: 4 },
  CT_SCAN: { price: 3500, sampleType: 'NONE', turnaroundHours: 24, fastingHours: 4 },
  MRI: {
    price: 6500,
    sampleType: 'NONE',
    turnaroundHours: 24,
    preparation: 'Remove all metal; tell us of any implant or pacemaker.',
  },
  ULTRASOUND: { price: 1200, sampleType: 'NONE', turnaroundHours: 4, fastingHours: 6 },
  DOPPLER_ULTRASOUND: { price: 2200, sampleType: 'NONE', turnaroundHours: 6 },
  MAMMOGRAPHY: { price: 1800, sampleType: 'NONE', turnaroundHours: 24 },
  ECG: { price: 300, sampleType: 'NONE', turnaroundHours: 2 },
  ECHOCARDIOGRAM: { price: 2000, sampleType: 'NONE', turnaroundHours: 6 },
  TMT: {
    price: 1800,
    sampleType: 'NONE',
    turnaroundHours: 6,
    preparation: 'Light meal 2 hours before; wear walking shoes.',
  },
};

/** The centre's profile fields that come from its catalogue. */
export const DEMO_TESTS_AVAILABLE = Object.keys(DEMO_CATALOGUE) as DiagnosticTestType[];
export const DEMO_RESULTS_TURNAROUND = Object.fromEntries(
  Object.entries(DEMO_CATALOGUE).map(([test, entry]) => [test, entry.turnaroundHours]),
);

/** Typical prices (INR) of the tests the demo catalogue above does not describe: imaging and procedures. */
const OTHER_PRICES: Partial<Record<DiagnosticTestType, number>> = {
  X_RAY: 450,
  CT_SCAN: 3200,
  MRI: 6500,
  ULTRASOUND: 1200,
  DOPPLER_ULTRASOUND: 2200,
  MAMMOGRAPHY: 1800,
  PET_CT: 18000,
  DEXA_SCAN: 2000,
  FLUOROSCOPY: 2500,
  ECHOCARDIOGRAM: 2200,
  TMT: 1800,
  HOLTER_MONITORING: 2800,
  EEG: 1800,
  EMG: 3000,
  NERVE_CONDUCTION_STUDY: 3000,
  UPPER_GI_ENDOSCOPY: 3500,
  COLONOSCOPY: 6000,
  BRONCHOSCOPY: 7000,
  PULMONARY_FUNCTION_TEST: 1200,
  SLEEP_STUDY: 9000,
  AUDIOMETRY: 600,
};

/**
 * The catalogue of a generated centre: each test it lists, priced near the demo centre's (±15 %, the
 * same for one centre), with its own promised turnaround, so every listed centre can take orders.
 */
export function generatedCatalogue(centre: {
  id: string;
  testsAvailable?: readonly string[] | null;
  resultsTurnaround?: Partial<Record<string, number>> | null;
  hasHomeCollection?: boolean | null;
}) {
  const factor = 0.85 + (parseInt(centre.id.slice(-4), 16) % 31) / 100;
  return ((centre.testsAvailable ?? []) as DiagnosticTestType[]).map((testType) => {
    const seed = DEMO_CATALOGUE[testType];
    const base = seed?.price ?? OTHER_PRICES[testType] ?? 1500;
    return {
      centreId: centre.id,
      testType,
      ...(seed ?? { sampleType: 'NONE' as const }),
      price: Math.round((base * factor) / 10) * 10,
      turnaroundHours: centre.resultsTurnaround?.[testType] ?? seed?.turnaroundHours ?? 24,
      homeCollection: Boolean(centre.hasHomeCollection && seed?.homeCollection),
    };
  });
}
