import { describe, expect, it } from 'vitest';
import {
  EXPIRY_GRACE_DAYS,
  NEVER_LISTED,
  addDays,
  checklistOf,
  documentReviewWorkflow,
  entityVerificationWorkflow,
  listedOn,
  listedUntilOf,
  normaliseRegistrationNumber,
  requiredActionOf,
  urgencyOf,
  type DocumentVersionState,
} from './verification.ts';

const TODAY = '2026-11-25';
const day = (offset: number) => addDays(TODAY, offset);

describe('urgencyOf, with a fixed clock', () => {
  it.each([
    [-1, 'EXPIRED'],
    [0, 'CRITICAL'],
    [7, 'CRITICAL'],
    [8, 'WARNING'],
    [30, 'WARNING'],
    [31, 'NOTICE'],
    [60, 'NOTICE'],
    [61, 'EARLY_NOTICE'],
    [90, 'EARLY_NOTICE'],
    [91, null],
  ])('an expiry %i days away is %s', (offset, urgency) => {
    expect(urgencyOf(day(offset), TODAY)).toBe(urgency);
  });

  it('has no urgency without an expiry date, and counts across month and year ends', () => {
    expect(urgencyOf(null, TODAY)).toBeNull();
    expect(urgencyOf('2027-01-01', '2026-12-31')).toBe('CRITICAL');
    expect(urgencyOf('2024-02-29', '2024-03-01')).toBe('EXPIRED');
  });
});

const HOSPITAL_REQUIRED = [
  'CLINICAL_ESTABLISHMENT_REGISTRATION',
  'FIRE_NOC',
  'BIOMEDICAL_WASTE_AUTHORIZATION',
  'PAN_CARD',
  'GST_REGISTRATION',
] as const;
const approvedHospital = (expiry: Partial<Record<string, string>> = {}): DocumentVersionState[] =>
  HOSPITAL_REQUIRED.map((documentType) => ({
    documentType,
    status: 'APPROVED',
    expiryDate: expiry[documentType] ?? null,
  }));

describe('the checklist and the required action', () => {
  it('asks a new provider for its required papers first', () => {
    const list = checklistOf('HOSPITAL', {}, [], TODAY);
    expect(list.filter((i) => i.required).map((i) => i.documentType)).toEqual([...HOSPITAL_REQUIRED]);
    expect(list.every((i) => i.status === 'NOT_UPLOADED')).toBe(true);
    expect(requiredActionOf(list, 'PENDING')).toBe('UPLOAD_PENDING_DOCUMENTS');
  });

  it('requires what the profile claims: NABL accreditation, an ultrasound, radiation equipment', () => {
    const plain = checklistOf('DIAGNOSTICS', {}, [], TODAY)
      .filter((i) => i.required)
      .map((i) => i.documentType);
    expect(plain).not.toContain('NABL_ACCREDITATION');
    const claimed = checklistOf(
      'DIAGNOSTICS',
      { accreditations: ['NABL'], equipment: ['ULTRASOUND_MACHINE', 'CT_SCANNER'] },
      [],
      TODAY,
    ).filter((i) => i.required);
    expect(claimed.map((i) => i.documentType)).toEqual(
      expect.arrayContaining(['NABL_ACCREDITATION', 'PCPNDT_REGISTRATION', 'AERB_LICENSE']),
    );
    expect(claimed.find((i) => i.documentType === 'NABL_ACCREDITATION')?.requiredBecause).toBe(
      'your profile claims NABL accreditation',
    );
  });

  it('puts the most pressing first: expired, sent back, missing, waiting, nothing', () => {
    const all = approvedHospital({ FIRE_NOC: day(100) });
    expect(requiredActionOf(checklistOf('HOSPITAL', {}, all, TODAY), 'VERIFIED')).toBe('NONE');
    expect(requiredActionOf(checklistOf('HOSPITAL', {}, all, TODAY), 'UNDER_REVIEW')).toBe('AWAITING_VERIFICATION');

    const waiting = all.map((d) => (d.documentType === 'PAN_CARD' ? { ...d, status: 'PENDING' as const } : d));
    expect(requiredActionOf(checklistOf('HOSPITAL', {}, waiting, TODAY), 'VERIFIED')).toBe('AWAITING_VERIFICATION');

    const missing = all.filter((d) => d.documentType !== 'GST_REGISTRATION');
    expect(requiredActionOf(checklistOf('HOSPITAL', {}, missing, TODAY), 'PENDING')).toBe('UPLOAD_PENDING_DOCUMENTS');

    const sentBack = missing.map((d) =>
      d.documentType === 'PAN_CARD' ? { ...d, status: 'REUPLOAD_REQUESTED' as const } : d,
    );
    expect(requiredActionOf(checklistOf('HOSPITAL', {}, sentBack, TODAY), 'PENDING')).toBe(
      'REUPLOAD_REJECTED_DOCUMENTS',
    );

    const expired = sentBack.map((d) => (d.documentType === 'FIRE_NOC' ? { ...d, expiryDate: day(-1) } : d));
    const list = checklistOf('HOSPITAL', {}, expired, TODAY);
    expect(list.find((i) => i.documentType === 'FIRE_NOC')).toMatchObject({ status: 'EXPIRED', urgency: 'EXPIRED' });
    expect(requiredActionOf(list, 'VERIFIED')).toBe('UPDATE_EXPIRED_DOCUMENTS');
  });
});

describe('listing until', () => {
  it('is the earliest required expiry plus the grace period, or no limit, or never without an approved paper', () => {
    expect(EXPIRY_GRACE_DAYS).toBe(7);
    const approved = (fire: string | null) =>
      HOSPITAL_REQUIRED.map((documentType) => ({
        documentType,
        expiryDate:
          documentType === 'FIRE_NOC' ? fire : documentType === 'BIOMEDICAL_WASTE_AUTHORIZATION' ? day(300) : null,
      }));
    expect(listedUntilOf('HOSPITAL', {}, approved(day(20)))).toBe(day(27));
    expect(listedUntilOf('HOSPITAL', {}, approved(null))).toBe(day(307));
    expect(listedUntilOf('HOSPITAL', {}, approved(day(20)).slice(1))).toBe(NEVER_LISTED);
    // An optional paper's expiry does not count.
    expect(
      listedUntilOf('HOSPITAL', {}, [...approved(null), { documentType: 'TRADE_LICENSE', expiryDate: day(1) }]),
    ).toBe(day(307));
  });

  it('holds through its last day and not after', () => {
    expect(listedOn(null, TODAY)).toBe(true);
    expect(listedOn(TODAY, TODAY)).toBe(true);
    expect(listedOn(day(-1), TODAY)).toBe(false);
    expect(listedOn(NEVER_LISTED, TODAY)).toBe(false);
  });
});

describe('the review workflows', () => {
  it('lets the admin decide on papers waiting, and the owner delete only what nobody decided on', () => {
    expect(documentReviewWorkflow.availableActions('ADMIN', { status: 'PENDING' })).toEqual([
      'MARK_UNDER_REVIEW',
      'APPROVE',
      'REQUEST_REUPLOAD',
      'REJECT',
    ]);
    expect(documentReviewWorkflow.availableActions('ADMIN', { status: 'APPROVED' })).toEqual([
      'REQUEST_REUPLOAD',
      'REJECT',
    ]);
    expect(documentReviewWorkflow.availableActions('OWNER', { status: 'PENDING' })).toEqual(['DELETE']);
    expect(documentReviewWorkflow.decide('DELETE', 'OWNER', { status: 'UNDER_REVIEW' })).toMatchObject({
      ok: false,
      refusal: 'CONFLICT',
    });
    expect(documentReviewWorkflow.decide('APPROVE', 'OWNER', { status: 'PENDING' })).toMatchObject({
      ok: false,
      refusal: 'FORBIDDEN',
    });
  });

  it('verifies a provider only with every required paper approved', () => {
    expect(
      entityVerificationWorkflow.decide('VERIFY', 'ADMIN', { status: 'UNDER_REVIEW', missingRequired: ['FIRE_NOC'] }),
    ).toMatchObject({ ok: false, refusal: 'CONFLICT', reason: 'DOCUMENTS_MISSING' });
    expect(
      entityVerificationWorkflow.decide('VERIFY', 'ADMIN', { status: 'UNDER_REVIEW', missingRequired: [] }),
    ).toEqual({
      ok: true,
      to: 'VERIFIED',
    });
    expect(entityVerificationWorkflow.availableActions('ADMIN', { status: 'VERIFIED', missingRequired: [] })).toEqual([
      'REJECT',
      'REOPEN',
    ]);
  });
});

it('compares registration numbers by their letters and digits', () => {
  expect(normaliseRegistrationNumber('mh/pune-2019 0077')).toBe(normaliseRegistrationNumber('MH-PUNE-2019-0077'));
  expect(normaliseRegistrationNumber('ＭＨ１２')).toBe('MH12');
});
