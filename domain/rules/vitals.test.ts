import { describe, expect, it } from 'vitest';
import {
  VITAL_RANGES,
  ageBandOf,
  ageInYears,
  bmiOf,
  criticalFindings,
  fahrenheitToCelsius,
  interpretVitals,
  readAgainst,
} from './vitals.ts';

const reading = (input: Parameters<typeof interpretVitals>[0], age: number | null, kind: string) =>
  interpretVitals(input, age).find((r) => r.kind === kind)?.reading;

describe('vital sign interpretation at the range edges', () => {
  it('reads an adult pulse: 60 and 100 normal, 59 low, 101 high, 39 and 131 critical, 40 and 130 not', () => {
    expect(reading({ pulse: 60 }, 40, 'pulse')).toBe('NORMAL');
    expect(reading({ pulse: 100 }, 40, 'pulse')).toBe('NORMAL');
    expect(reading({ pulse: 59 }, 40, 'pulse')).toBe('LOW');
    expect(reading({ pulse: 101 }, 40, 'pulse')).toBe('HIGH');
    expect(reading({ pulse: 40 }, 40, 'pulse')).toBe('LOW');
    expect(reading({ pulse: 39 }, 40, 'pulse')).toBe('CRITICAL');
    expect(reading({ pulse: 130 }, 40, 'pulse')).toBe('HIGH');
    expect(reading({ pulse: 131 }, 40, 'pulse')).toBe('CRITICAL');
  });

  it('reads the same pulse differently for an infant and a child', () => {
    expect(reading({ pulse: 150 }, 0, 'pulse')).toBe('NORMAL');
    expect(reading({ pulse: 150 }, 5, 'pulse')).toBe('HIGH');
    expect(reading({ pulse: 150 }, 30, 'pulse')).toBe('CRITICAL');
    expect(reading({ pulse: 79 }, 0, 'pulse')).toBe('CRITICAL');
    expect(reading({ pulse: 161 }, 12, 'pulse')).toBe('CRITICAL');
    expect(reading({ pulse: 160 }, 12, 'pulse')).toBe('HIGH');
  });

  it('reads SpO2: 95 normal, 94 and 90 low, 89 critical, never high', () => {
    expect(reading({ spo2: 95 }, 30, 'spo2')).toBe('NORMAL');
    expect(reading({ spo2: 100 }, 30, 'spo2')).toBe('NORMAL');
    expect(reading({ spo2: 94 }, 30, 'spo2')).toBe('LOW');
    expect(reading({ spo2: 90 }, 30, 'spo2')).toBe('LOW');
    expect(reading({ spo2: 89 }, 30, 'spo2')).toBe('CRITICAL');
  });

  it('reads blood pressure: 139/89 normal, 140/90 high, 181/121 critical, 89/59 low', () => {
    expect(reading({ systolic: 139 }, 50, 'systolic')).toBe('NORMAL');
    expect(reading({ systolic: 140 }, 50, 'systolic')).toBe('HIGH');
    expect(reading({ systolic: 180 }, 50, 'systolic')).toBe('HIGH');
    expect(reading({ systolic: 181 }, 50, 'systolic')).toBe('CRITICAL');
    expect(reading({ systolic: 89 }, 50, 'systolic')).toBe('LOW');
    expect(reading({ systolic: 69 }, 50, 'systolic')).toBe('CRITICAL');
    expect(reading({ diastolic: 89 }, 50, 'diastolic')).toBe('NORMAL');
    expect(reading({ diastolic: 90 }, 50, 'diastolic')).toBe('HIGH');
    expect(reading({ diastolic: 121 }, 50, 'diastolic')).toBe('CRITICAL');
    expect(reading({ diastolic: 59 }, 50, 'diastolic')).toBe('LOW');
  });

  it('reads temperature in °C and °F alike', () => {
    expect(reading({ temperature: 37.5 }, 30, 'temperature')).toBe('NORMAL');
    expect(reading({ temperature: 37.6 }, 30, 'temperature')).toBe('HIGH');
    expect(reading({ temperature: 40 }, 30, 'temperature')).toBe('HIGH');
    expect(reading({ temperature: 40.1 }, 30, 'temperature')).toBe('CRITICAL');
    expect(reading({ temperature: 34.9 }, 30, 'temperature')).toBe('CRITICAL');
    expect(reading({ temperature: 98.6, temperatureUnit: 'F' }, 30, 'temperature')).toBe('NORMAL');
    expect(reading({ temperature: 104.5, temperatureUnit: 'F' }, 30, 'temperature')).toBe('CRITICAL');
    expect(reading({ temperature: 101, temperatureUnit: 'F' }, 30, 'temperature')).toBe('HIGH');
    expect(fahrenheitToCelsius(98.6)).toBe(37);
    expect(interpretVitals({ temperature: 98.6, temperatureUnit: 'F' }, 30)[0]!.unit).toBe('°C');
  });

  it('reads respiratory rate and blood sugar at their edges', () => {
    expect(reading({ respiratoryRate: 20 }, 30, 'respiratoryRate')).toBe('NORMAL');
    expect(reading({ respiratoryRate: 21 }, 30, 'respiratoryRate')).toBe('HIGH');
    expect(reading({ respiratoryRate: 30 }, 30, 'respiratoryRate')).toBe('CRITICAL');
    expect(reading({ respiratoryRate: 7 }, 30, 'respiratoryRate')).toBe('CRITICAL');
    expect(reading({ respiratoryRate: 30 }, 5, 'respiratoryRate')).toBe('NORMAL');
    expect(reading({ bloodSugar: 70 }, 30, 'bloodSugar')).toBe('NORMAL');
    expect(reading({ bloodSugar: 69 }, 30, 'bloodSugar')).toBe('LOW');
    expect(reading({ bloodSugar: 53 }, 30, 'bloodSugar')).toBe('CRITICAL');
    expect(reading({ bloodSugar: 401 }, 30, 'bloodSugar')).toBe('CRITICAL');
  });

  it('computes BMI and reads it with the Asian-Indian cut-offs, only for adults', () => {
    expect(bmiOf(70, 175)).toBe(22.9);
    expect(bmiOf(null, 175)).toBeNull();
    expect(reading({ weightKg: 70, heightCm: 175 }, 30, 'bmi')).toBe('NORMAL');
    expect(reading({ weightKg: 71, heightCm: 175 }, 30, 'bmi')).toBe('HIGH');
    expect(reading({ weightKg: 56, heightCm: 175 }, 30, 'bmi')).toBe('LOW');
    expect(reading({ weightKg: 20, heightCm: 110 }, 6, 'bmi')).toBeUndefined();
  });

  it('names the critical findings', () => {
    expect(criticalFindings(interpretVitals({ spo2: 85, pulse: 80 }, 30))).toEqual([
      'SpO2 85 % is critical (normal 95–100 %)',
    ]);
  });
});

describe('age bands', () => {
  it('puts under 1 in infant, 1–12 in child, 13+ and unknown in adult', () => {
    expect(ageBandOf(0)).toBe('INFANT');
    expect(ageBandOf(1)).toBe('CHILD');
    expect(ageBandOf(12)).toBe('CHILD');
    expect(ageBandOf(13)).toBe('ADULT');
    expect(ageBandOf(null)).toBe('ADULT');
  });

  it('counts whole years from the birth date', () => {
    const on = new Date('2026-06-15T00:00:00Z');
    expect(ageInYears('2020-06-15', on)).toBe(6);
    expect(ageInYears('2020-06-16', on)).toBe(5);
    expect(ageInYears(null, on)).toBeNull();
  });

  it('has every band ordered critical < min ≤ max < critical', () => {
    for (const bands of Object.values(VITAL_RANGES)) {
      for (const b of Object.values(bands)) {
        expect(b.min).toBeLessThanOrEqual(b.max);
        if (b.criticalBelow !== null) expect(b.criticalBelow).toBeLessThanOrEqual(b.min);
        if (b.criticalAbove !== null) expect(b.criticalAbove).toBeGreaterThanOrEqual(b.max);
        expect(readAgainst(b.min, b)).toBe('NORMAL');
      }
    }
  });
});
