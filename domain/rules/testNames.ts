import { DIAGNOSTIC_TEST_TYPES, DIAGNOSTIC_TEST_TYPE_LABELS, type DiagnosticTestType } from '../enums.ts';

/**
 * A consultation records its tests to order as the doctor writes them ("CBC", "Chest X-ray",
 * "Fasting blood sugar"); an order names catalogue test types. `testTypeOf` reads one written name
 * as a test type, or null when it cannot tell (the doctor then ticks the test by hand).
 */

/** Words doctors use for a test beside its code and its label. */
const SYNONYMS: Partial<Record<DiagnosticTestType, readonly string[]>> = {
  X_RAY: ['xray', 'x ray', 'radiograph'],
  CT_SCAN: ['ct', 'cect', 'ncct', 'computed tomography'],
  MRI: ['magnetic resonance'],
  ULTRASOUND: ['usg', 'sonography', 'ultrasonography'],
  DOPPLER_ULTRASOUND: ['doppler'],
  CBC: ['hemogram', 'haemogram', 'complete blood picture', 'cbp'],
  LIPID_PROFILE: ['lipid', 'cholesterol'],
  LFT: ['liver function'],
  KFT: ['kidney function', 'renal function', 'rft'],
  TFT: ['thyroid', 'tsh', 't3 t4'],
  BLOOD_GLUCOSE: ['blood sugar', 'fbs', 'ppbs', 'rbs', 'fasting sugar', 'glucose'],
  HBA1C: ['glycated haemoglobin', 'glycated hemoglobin', 'a1c'],
  URINE_ROUTINE: ['urine', 'urinalysis', 'urine re', 'urine r m'],
  STOOL_ROUTINE: ['stool'],
  ELECTROLYTES: ['electrolytes', 'sodium potassium', 'serum potassium', 'na k'],
  VITAMIN_D: ['vit d', '25 oh d', 'vitamin d3'],
  VITAMIN_B12: ['vit b12', 'b12'],
  IRON_STUDIES: ['iron', 'ferritin'],
  COAGULATION_PROFILE: ['pt inr', 'coagulation', 'aptt'],
  CULTURE_SENSITIVITY: ['culture'],
  BLOOD_GROUPING: ['blood group', 'abo rh'],
  ECG: ['ekg'],
  ECHOCARDIOGRAM: ['echo', '2d echo'],
  TMT: ['stress test', 'treadmill'],
  HOLTER_MONITORING: ['holter'],
  CARDIAC_MARKERS: ['troponin', 'trop i', 'trop t', 'ck mb'],
  NERVE_CONDUCTION_STUDY: ['ncs', 'nerve conduction'],
  UPPER_GI_ENDOSCOPY: ['endoscopy', 'ogd', 'ugie'],
  PULMONARY_FUNCTION_TEST: ['spirometry'],
  SLEEP_STUDY: ['polysomnography'],
  HISTOPATHOLOGY: ['biopsy', 'hpe'],
  PAP_SMEAR: ['pap'],
};

const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

const KEYS: Array<{ key: string; type: DiagnosticTestType }> = DIAGNOSTIC_TEST_TYPES.flatMap((type) => {
  const label = DIAGNOSTIC_TEST_TYPE_LABELS[type];
  const bracket = /\(([^)]+)\)/.exec(label)?.[1];
  const names = [type.replace(/_/g, ' '), label, label.replace(/\([^)]*\)/g, ''), bracket, ...(SYNONYMS[type] ?? [])];
  return names
    .filter((n): n is string => !!n && n.trim().length > 0)
    .map((n) => ({ key: words(n), type }))
    .filter((k) => k.key.trim().length > 0);
}).sort((a, b) => b.key.length - a.key.length);

/** The test type a written name stands for: the longest code, label or usual word found in it as whole words. */
export function testTypeOf(name: string): DiagnosticTestType | null {
  const text = words(name);
  return KEYS.find((k) => text.includes(k.key))?.type ?? null;
}

/** The test types of a consultation's written tests, each once, and the names that could not be read. */
export function testTypesOf(names: readonly string[]): { types: DiagnosticTestType[]; unmatched: string[] } {
  const types: DiagnosticTestType[] = [];
  const unmatched: string[] = [];
  for (const name of names) {
    const type = testTypeOf(name);
    if (!type) unmatched.push(name);
    else if (!types.includes(type)) types.push(type);
  }
  return { types, unmatched };
}
