import { describe, expect, it } from 'vitest';
import { ALLERGY_RULES, INGREDIENTS, INTERACTION_RULES, PHANSALKAR_2012 } from './drugKnowledge.ts';
import { allergyTerm, checkAllergies, checkInteractions, parseDrug, searchDrugs, worstSeverity } from './drugSafety.ts';

describe('the drug knowledge table', () => {
  it('has a source and a date on every rule', () => {
    for (const rule of [...INTERACTION_RULES, ...ALLERGY_RULES]) {
      expect(rule.source.length).toBeGreaterThan(10);
      expect(rule.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(INTERACTION_RULES.filter((r) => r.source === PHANSALKAR_2012).length).toBeGreaterThanOrEqual(10);
  });

  it('names only ingredients it knows in its rules', () => {
    const names = new Set(INGREDIENTS.map((x) => x.name));
    for (const rule of [
      ...INTERACTION_RULES.flatMap((r) => [r.a, r.b]),
      ...ALLERGY_RULES.flatMap((r) => [r.allergen, r.reactsWith]),
    ]) {
      if (!rule.startsWith('class:')) expect(names.has(rule), rule).toBe(true);
    }
  });

  it('splits combinations and reads aliases and strengths', () => {
    const parsed = parseDrug('Amoxycillin + Clavulanic acid 625 mg');
    expect(parsed.known.map((x) => x.name)).toEqual(['amoxicillin', 'clavulanic acid']);
    expect(parsed.unknown).toEqual([]);
    expect(parseDrug('Crocin').unknown).toEqual(['crocin']);
    expect(searchDrugs('amox')).toEqual(['amoxicillin']);
    expect(searchDrugs('statin')).toContain('atorvastatin');
  });
});

describe('the allergy check', () => {
  it('finds amoxicillin for a penicillin allergy, contraindicated, with the reason', () => {
    const { results } = checkAllergies(['Amoxicillin 500 mg'], ['Penicillin']);
    expect(results[0]).toMatchObject({ outcome: 'FOUND' });
    expect(results[0]!.findings[0]).toMatchObject({ severity: 'CONTRAINDICATED', about: 'Penicillin' });
    expect(results[0]!.findings[0]!.reason).toContain('penicillins');
  });

  it('warns of the cephalosporin cross-reaction as moderate', () => {
    const { results } = checkAllergies(['Cefalexin'], ['penicillin allergy']);
    expect(results[0]).toMatchObject({ outcome: 'FOUND' });
    expect(results[0]!.findings[0]!.severity).toBe('MODERATE');
  });

  it('finds sulfonamide, NSAID and statin class allergies', () => {
    expect(checkAllergies(['Cotrimoxazole'], ['Sulfa']).results[0]!.outcome).toBe('FOUND');
    expect(checkAllergies(['Diclofenac'], ['Aspirin']).results[0]!.findings[0]!.severity).toBe('MAJOR');
    expect(checkAllergies(['Rosuvastatin 10 mg'], ['statins']).results[0]!.outcome).toBe('FOUND');
  });

  it('answers none known for a known drug with no matching allergy', () => {
    const check = checkAllergies(['Paracetamol 650 mg'], ['Penicillin', 'Peanuts']);
    expect(check.results[0]).toMatchObject({ outcome: 'NONE_KNOWN' });
    expect(check.unrecognisedAllergies).toEqual(['Peanuts']);
    expect(checkAllergies(['Paracetamol'], []).results[0]!.message).toBe('No allergies recorded for this patient.');
  });

  it('answers not checked for a drug the table does not know — never a silent pass', () => {
    const { results } = checkAllergies(['Chyawanprash'], ['Penicillin']);
    expect(results[0]).toMatchObject({ outcome: 'NOT_CHECKED', notChecked: ['chyawanprash'] });
    expect(results[0]!.message).toContain('Not checked');
  });

  it('reads allergy words', () => {
    expect(allergyTerm('Sulpha drugs')).toBe('class:sulfonamideAntibiotics');
    expect(allergyTerm('Ibuprofen')).toBe('ibuprofen');
    expect(allergyTerm('dust')).toBeNull();
  });
});

describe('the interaction check', () => {
  it('finds a high-priority pair (simvastatin with clarithromycin), contraindicated', () => {
    const [check] = checkInteractions(['Simvastatin 20 mg'], ['Clarithromycin 500 mg']);
    expect(check).toMatchObject({ outcome: 'FOUND' });
    expect(check!.findings[0]).toMatchObject({
      severity: 'CONTRAINDICATED',
      source: expect.stringContaining('Phansalkar'),
    });
  });

  it('finds common Indian combinations', () => {
    expect(checkInteractions(['Acenocoumarol'], ['Diclofenac'])[0]!.findings[0]!.severity).toBe('MAJOR');
    expect(checkInteractions(['Sildenafil'], ['Isosorbide mononitrate'])[0]!.findings[0]!.severity).toBe(
      'CONTRAINDICATED',
    );
    expect(checkInteractions(['Telmisartan'], ['Spironolactone'])[0]!.outcome).toBe('FOUND');
    expect(worstSeverity(checkInteractions(['Aspirin', 'Ibuprofen']))).toBe('MODERATE');
  });

  it('answers none known when both drugs are known and nothing applies', () => {
    expect(checkInteractions(['Paracetamol'], ['Amlodipine'])[0]).toMatchObject({
      outcome: 'NONE_KNOWN',
      message: 'No known interaction.',
    });
  });

  it('answers not checked when either drug is unknown', () => {
    expect(checkInteractions(['Liv 52'], ['Amlodipine'])[0]!.outcome).toBe('NOT_CHECKED');
    const other = checkInteractions(['Paracetamol'], ['Liv 52'])[0]!;
    expect(other.outcome).toBe('NOT_CHECKED');
    expect(other.notChecked).toEqual(['liv 52']);
  });
});
