import { describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/rules/verification.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import {
  EXPIRY_REQUIRED,
  canDelete,
  decisionWords,
  detailsProblems,
  entityTypeOf,
  filesProblem,
  groupChecklist,
  hoursInWords,
  listingWords,
  pendingParamsOf,
  reviewActionsFor,
  waitingWords,
} from './model.ts';

const MB = 1024 * 1024;
const pdf = (name = 'licence.pdf', size = 2000) => ({ name, type: 'application/pdf', size });

describe('filesProblem (the server’s 1–5 files, PDF/JPEG/PNG/WebP, 10 MB each)', () => {
  it('asks for at least one file and at most five', () => {
    expect(filesProblem([])).toBe('Choose at least one file');
    expect(filesProblem(Array.from({ length: 5 }, (_, i) => pdf(`p${i}.pdf`)))).toBeUndefined();
    expect(filesProblem(Array.from({ length: 6 }, (_, i) => pdf(`p${i}.pdf`)))).toBe(
      'Choose at most 5 files for one document',
    );
  });

  it('refuses other types, empty files and files over 10 MB, naming the file', () => {
    expect(filesProblem([pdf(), { name: 'notes.docx', type: 'application/msword', size: 10 }])).toBe(
      'notes.docx is not a PDF, JPEG, PNG or WebP file',
    );
    expect(filesProblem([{ name: 'blank.png', type: 'image/png', size: 0 }])).toBe('blank.png is empty');
    expect(filesProblem([{ name: 'scan.jpg', type: 'image/jpeg', size: 10 * MB }])).toBeUndefined();
    expect(filesProblem([{ name: 'scan.jpg', type: 'image/jpeg', size: 10 * MB + 1 }])).toBe(
      'scan.jpg is 10.0 MB; each file can be at most 10 MB',
    );
    expect(filesProblem([{ name: 'photo.webp', type: 'image/webp', size: 5 }])).toBeUndefined();
  });
});

describe('detailsProblems (the contract’s schema and the catalogue’s expiry)', () => {
  const today = todayInIndia();
  const valid = {
    documentNumber: 'MH/CE/2024/118',
    issuingAuthority: 'Pune district registering authority',
    issueDate: addDays(today, -30),
    expiryDate: addDays(today, 700),
  };

  it('passes a complete form', () => {
    expect(detailsProblems(valid, true)).toEqual({});
    expect(detailsProblems({ ...valid, expiryDate: '' }, false)).toEqual({});
  });

  it('asks for the number, the authority and the issue date', () => {
    const errors = detailsProblems({ documentNumber: ' ', issuingAuthority: '', issueDate: '', expiryDate: '' }, false);
    expect(errors['documentNumber']).toBe('Document number is required');
    expect(errors['issuingAuthority']).toBe('Issuing authority is required');
    expect(errors['issueDate']).toBe('Issue date is required');
  });

  it('refuses an issue date in the future and an expiry on or before the issue date', () => {
    expect(detailsProblems({ ...valid, issueDate: addDays(today, 1) }, true)['issueDate']).toBe(
      'Issue date cannot be in the future',
    );
    expect(detailsProblems({ ...valid, expiryDate: valid.issueDate }, true)['expiryDate']).toBe(
      'Expiry date must be after the issue date',
    );
  });

  it('asks for the expiry date only when the document expires', () => {
    expect(detailsProblems({ ...valid, expiryDate: '' }, true)).toEqual({ expiryDate: EXPIRY_REQUIRED });
  });
});

describe('groupChecklist', () => {
  it('puts the required documents first, then the optional ones, each part by category', () => {
    const parts = groupChecklist([
      { id: 'fire', category: 'INFRASTRUCTURE', required: true },
      { id: 'pan', category: 'IDENTITY', required: true },
      { id: 'building', category: 'INFRASTRUCTURE', required: false },
      { id: 'cheque', category: 'FINANCIAL', required: false },
      { id: 'registration', category: 'REGISTRATION', required: true },
      { id: 'nursing', category: 'REGISTRATION', required: false },
      { id: 'gst', category: 'FINANCIAL', required: true },
      { id: 'nabh', category: 'ACCREDITATION', required: false },
      { id: 'biomedical', category: 'COMPLIANCE', required: true },
    ] as const);
    expect(
      parts.map((part) => [part.required, part.groups.map((g) => [g.category, g.items.map((i) => i.id)])]),
    ).toEqual([
      [
        true,
        [
          ['REGISTRATION', ['registration']],
          ['FINANCIAL', ['gst']],
          ['COMPLIANCE', ['biomedical']],
          ['IDENTITY', ['pan']],
          ['INFRASTRUCTURE', ['fire']],
        ],
      ],
      [
        false,
        [
          ['REGISTRATION', ['nursing']],
          ['FINANCIAL', ['cheque']],
          ['INFRASTRUCTURE', ['building']],
          ['ACCREDITATION', ['nabh']],
        ],
      ],
    ]);
  });

  it('leaves out a part with nothing in it', () => {
    const parts = groupChecklist([{ category: 'LICENSE', required: true }]);
    expect(parts.map((part) => part.required)).toEqual([true]);
    expect(groupChecklist([])).toEqual([]);
  });
});

describe('what the owner and the admin may do', () => {
  it('lets the owner delete only what nobody has decided on', () => {
    expect(canDelete('PENDING')).toBe(true);
    expect(canDelete('UPLOADED')).toBe(true);
    expect(canDelete('UNDER_REVIEW')).toBe(false);
    expect(canDelete('APPROVED')).toBe(false);
    expect(canDelete('REUPLOAD_REQUESTED')).toBe(false);
  });

  it('offers the admin the review actions of the workflow', () => {
    expect(reviewActionsFor('PENDING')).toEqual(['MARK_UNDER_REVIEW', 'APPROVE', 'REQUEST_REUPLOAD', 'REJECT']);
    expect(reviewActionsFor('APPROVED')).toEqual(['REQUEST_REUPLOAD', 'REJECT']);
    expect(reviewActionsFor('REJECTED')).toEqual([]);
  });
});

describe('words', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('says how long a submission has waited', () => {
    expect(waitingWords('2026-11-25T09:30:00Z', now)).toBe('waiting less than an hour');
    expect(waitingWords('2026-11-25T09:00:00Z', now)).toBe('waiting 1 hour');
    expect(waitingWords('2026-11-25T05:00:00Z', now)).toBe('waiting 5 hours');
    expect(waitingWords('2026-11-24T09:00:00Z', now)).toBe('waiting 1 day');
    expect(waitingWords('2026-11-22T09:00:00Z', now)).toBe('waiting 3 days');
  });

  it('says a median time to decide', () => {
    expect(hoursInWords(0.5)).toBe('30 minutes');
    expect(hoursInWords(14.2)).toBe('14 hours');
    expect(hoursInWords(60)).toBe('2.5 days');
  });

  it('says whether patients find the provider, and until when with the grace explained', () => {
    expect(listingWords({ listed: false, listedUntil: '1900-01-01', graceDays: 7 })).toMatch(/^Not listed/);
    expect(listingWords({ listed: true, listedUntil: null, graceDays: 7 })).toMatch(/^Listed: patients find/);
    expect(listingWords({ listed: true, listedUntil: '2027-03-12', graceDays: 7 })).toBe(
      'Listed until Mar 12, 2027: that is your earliest required document’s expiry plus 7 days’ grace. Upload its renewal before then to stay listed.',
    );
  });

  it('names a decision’s action and its move in the workflow’s words', () => {
    expect(
      decisionWords({
        documentType: 'FIRE_NOC',
        action: 'REQUEST_REUPLOAD',
        from: 'PENDING',
        to: 'REUPLOAD_REQUESTED',
      }),
    ).toBe('Request re-upload (Pending → Re-upload requested)');
    expect(decisionWords({ documentType: null, action: 'VERIFY', from: 'UNDER_REVIEW', to: 'VERIFIED' })).toBe(
      'Verify (Under review → Verified)',
    );
    expect(decisionWords({ documentType: null, action: 'SOMETHING_NEW', from: 'X', to: 'Y' })).toBe(
      'Something new (X → Y)',
    );
  });
});

describe('the admin queue’s URL', () => {
  it('keeps known filters and leaves out the rest', () => {
    expect(pendingParamsOf(new URLSearchParams('entityType=HOSPITAL&status=PENDING&search=+Pune+'), 2, 20)).toEqual({
      page: 2,
      limit: 20,
      entityType: 'HOSPITAL',
      status: 'PENDING',
      search: 'Pune',
    });
    expect(pendingParamsOf(new URLSearchParams('entityType=CLINIC&status=DONE&search='), 1, 20)).toEqual({
      page: 1,
      limit: 20,
    });
    expect(entityTypeOf('PHARMACY')).toBe('PHARMACY');
    expect(entityTypeOf('ADMIN')).toBeUndefined();
    expect(entityTypeOf(null)).toBeUndefined();
  });
});
