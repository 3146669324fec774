import { describe, expect, it } from 'vitest';
import { ICD10_COMMON, icd10ByCode, searchIcd10 } from './icd10.ts';

describe('the common ICD-10 list', () => {
  it('holds a few hundred distinct, well-formed codes', () => {
    expect(ICD10_COMMON.length).toBeGreaterThan(250);
    expect(new Set(ICD10_COMMON.map((e) => e.code)).size).toBe(ICD10_COMMON.length);
    for (const e of ICD10_COMMON) expect(e.code).toMatch(/^[A-Z]\d{2}(\.\d{1,2})?$/);
  });

  it('finds by code prefix and by words', () => {
    expect(searchIcd10('I10')[0]).toEqual({ code: 'I10', description: 'Essential (primary) hypertension' });
    expect(searchIcd10('dengue').map((e) => e.code)).toEqual(['A90', 'A91']);
    expect(searchIcd10('type 2 diabetes').length).toBeGreaterThan(1);
    expect(searchIcd10('  ')).toEqual([]);
    expect(icd10ByCode('e11.9')?.description).toContain('Type 2 diabetes');
  });
});
