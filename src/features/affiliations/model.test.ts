import { describe, expect, it } from 'vitest';
import { commissionFor } from '../../../domain/rules/commission.ts';
import {
  actionsToOffer,
  basisPointsOf,
  commissionDisclosure,
  detailPathFor,
  doctorMoneyRefusal,
  draftOfRule,
  emptyRuleDraft,
  kindPathOf,
  listParamsOf,
  ownsRolePath,
  paiseOf,
  partyPagePath,
  percentText,
  ruleOfDraft,
} from './model.ts';

const hospital = { role: 'HOSPITAL' as const, referenceId: 'h-1' };

describe('who opens which detail path', () => {
  it('lets a role path through only with the signed-in organisation’s own id', () => {
    expect(ownsRolePath({ hospitalId: 'h-1', affiliationId: 'a' }, hospital)).toBe(true);
    expect(ownsRolePath({ hospitalId: 'h-2', affiliationId: 'a' }, hospital)).toBe(false);
    expect(ownsRolePath({ doctorId: 'h-1', affiliationId: 'a' }, hospital)).toBe(false);
    expect(ownsRolePath({ affiliationId: 'a' }, hospital)).toBe(true);
    expect(ownsRolePath({ affiliationId: 'a' }, null)).toBe(false);
  });

  it('opens a row on the role’s own path, an admin’s on /affiliations/{id}', () => {
    expect(detailPathFor(hospital, 'a-1')).toBe('/hospital/h-1/affiliations/a-1');
    expect(detailPathFor({ role: 'DIAGNOSTICS', referenceId: 'd-9' }, 'a-1')).toBe('/diagnostics/d-9/affiliations/a-1');
    expect(detailPathFor({ role: 'ADMIN', referenceId: null }, 'a-1')).toBe('/affiliations/a-1');
  });

  it('reads through the caller’s kind path', () => {
    expect(kindPathOf('PHARMACY')).toBe('pharmacy');
    expect(kindPathOf('ADMIN')).toBe('hospital');
    expect(kindPathOf('PATIENT')).toBeNull();
  });

  it('links each party to its public page', () => {
    expect(partyPagePath('HOSPITAL', 'x')).toBe('/hospitals/x');
    expect(partyPagePath('DIAGNOSTICS', 'x')).toBe('/diagnostics/x');
    expect(partyPagePath('PHARMACY', 'x')).toBe('/pharmacies/x');
    expect(partyPagePath('DOCTOR', 'x', 'dr-arjun-rao')).toBe('/doctors/dr-arjun-rao');
    expect(partyPagePath('DOCTOR', 'x')).toBeNull();
  });
});

describe('the law on commission, as the proposal form says it', () => {
  it('refuses commission and revenue share with an individual doctor, naming IMC regulation 6.4.1', () => {
    expect(doctorMoneyRefusal(['DOCTOR', 'HOSPITAL'], ['COMMISSION'])).toMatch(/§6\.4\.1/);
    expect(doctorMoneyRefusal(['HOSPITAL', 'DOCTOR'], ['REVENUE_SHARE', 'DISCOUNT'])).toMatch(/6\.4\.1/);
    expect(doctorMoneyRefusal(['DOCTOR', 'HOSPITAL'], ['DISCOUNT'])).toBeNull();
    expect(doctorMoneyRefusal(['HOSPITAL', 'DIAGNOSTICS'], ['COMMISSION'])).toBeNull();
  });

  it('discloses organisation-to-organisation commission only', () => {
    expect(commissionDisclosure(['HOSPITAL', 'DIAGNOSTICS'], ['COMMISSION'])).toMatch(/disclosed to both parties/);
    expect(commissionDisclosure(['HOSPITAL', 'DIAGNOSTICS'], ['DISCOUNT'])).toBeNull();
    expect(commissionDisclosure(['DOCTOR', 'DIAGNOSTICS'], ['COMMISSION'])).toBeNull();
  });
});

describe('the list filters from the URL', () => {
  it('keeps known values and drops the rest', () => {
    const params = new URLSearchParams('status=ACTIVE&type=NOPE&searchTerm=%20Precision%20');
    expect(listParamsOf(params, 2, 20)).toEqual({
      page: 2,
      limit: 20,
      status: 'ACTIVE',
      type: undefined,
      searchTerm: 'Precision',
    });
  });
});

describe('money as typed', () => {
  it('turns rupees into exact paise', () => {
    expect(paiseOf('1,250.5')).toBe(125_050);
    expect(paiseOf('0.07')).toBe(7);
    expect(paiseOf('₹ 10')).toBe(1_000);
    expect(paiseOf('19.99')).toBe(1_999);
    expect(paiseOf('1.234')).toBeNull();
    expect(paiseOf('-5')).toBeNull();
    expect(paiseOf('-5', { allowNegative: true })).toBe(-500);
    expect(paiseOf('abc')).toBeNull();
    expect(paiseOf('99999999999')).toBeNull();
  });

  it('turns percentages into basis points and back', () => {
    expect(basisPointsOf('8')).toBe(800);
    expect(basisPointsOf('7.25')).toBe(725);
    expect(basisPointsOf('100')).toBe(10_000);
    expect(basisPointsOf('100.5')).toBeNull();
    expect(basisPointsOf('x')).toBeNull();
    expect(percentText(800)).toBe('8%');
    expect(percentText(725)).toBe('7.25%');
    expect(percentText(750)).toBe('7.5%');
  });
});

describe('the commission editor', () => {
  it('builds a percentage rule with a cap that prices as the server does', () => {
    const result = ruleOfDraft({ ...emptyRuleDraft('DIAGNOSTICS'), percent: '8', capRupees: '500' });
    expect(result).toEqual({
      rule: { serviceType: 'DIAGNOSTICS', kind: 'PERCENTAGE', basisPoints: 800, capPaise: 50_000 },
    });
    if ('rule' in result) {
      expect(commissionFor(150_000, result.rule)).toBe(12_000);
      expect(commissionFor(10_000_000, result.rule)).toBe(50_000);
    }
  });

  it('builds slabs from lines and round-trips a rule', () => {
    const draft = { ...emptyRuleDraft('OTHER'), kind: 'SLAB' as const, slabs: '0: 3\n10000: 5' };
    const result = ruleOfDraft(draft);
    expect(result).toEqual({
      rule: {
        serviceType: 'OTHER',
        kind: 'SLAB',
        slabs: [
          { fromPaise: 0, basisPoints: 300 },
          { fromPaise: 1_000_000, basisPoints: 500 },
        ],
      },
    });
    if ('rule' in result) expect(ruleOfDraft(draftOfRule(result.rule))).toEqual(result);
  });

  it('says what to fix', () => {
    expect(ruleOfDraft({ ...emptyRuleDraft(), percent: '' })).toHaveProperty('problems');
    expect(ruleOfDraft({ ...emptyRuleDraft(), kind: 'FLAT', flatRupees: '1.999' })).toHaveProperty('problems');
    expect(ruleOfDraft({ ...emptyRuleDraft(), kind: 'SLAB', slabs: 'zero: three' })).toHaveProperty('problems');
    expect(ruleOfDraft({ ...emptyRuleDraft(), percent: '5', capRupees: 'lots' })).toHaveProperty('problems');
  });

  it('offers what the server allows now, never the job’s expiry', () => {
    expect(actionsToOffer(['SUSPEND', 'TERMINATE', 'EXPIRE'])).toEqual(['SUSPEND', 'TERMINATE']);
  });
});
