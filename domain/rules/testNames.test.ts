import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_TEST_TYPES, DIAGNOSTIC_TEST_TYPE_LABELS } from '../enums.ts';
import { testTypeOf, testTypesOf } from './testNames.ts';

describe('testTypeOf', () => {
  it('reads every test type from its own label and from its code', () => {
    for (const type of DIAGNOSTIC_TEST_TYPES) {
      expect(testTypeOf(DIAGNOSTIC_TEST_TYPE_LABELS[type])).toBe(type);
      expect(testTypeOf(type)).toBe(type);
    }
  });

  it('reads the way doctors write tests', () => {
    expect(testTypeOf('CBC')).toBe('CBC');
    expect(testTypeOf('cbc with ESR')).toBe('CBC');
    expect(testTypeOf('Chest X-ray PA view')).toBe('X_RAY');
    expect(testTypeOf('Fasting blood sugar')).toBe('BLOOD_GLUCOSE');
    expect(testTypeOf('HbA1c')).toBe('HBA1C');
    expect(testTypeOf('Serum TSH')).toBe('TFT');
    expect(testTypeOf('2D Echo')).toBe('ECHOCARDIOGRAM');
    expect(testTypeOf('Doppler ultrasound of the legs')).toBe('DOPPLER_ULTRASOUND');
    expect(testTypeOf('USG abdomen')).toBe('ULTRASOUND');
    expect(testTypeOf('Serum potassium')).toBe('ELECTROLYTES');
  });

  it('prefers the longer name and keeps to whole words', () => {
    // "Ultrasound" is inside "Doppler ultrasound"; "ct" is inside "doctor" but not as a word.
    expect(testTypeOf('Doppler ultrasound')).toBe('DOPPLER_ULTRASOUND');
    expect(testTypeOf('Ask the doctor')).toBeNull();
    expect(testTypeOf('PET-CT whole body')).toBe('PET_CT');
  });

  it('says null when it cannot tell', () => {
    expect(testTypeOf('Something unusual')).toBeNull();
    expect(testTypeOf('')).toBeNull();
  });
});

describe('testTypesOf', () => {
  it('gives each type once and the names it could not read', () => {
    expect(testTypesOf(['CBC', 'Complete blood count', 'Chest X-ray', 'Bone scan'])).toEqual({
      types: ['CBC', 'X_RAY'],
      unmatched: ['Bone scan'],
    });
  });
});
