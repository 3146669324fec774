import { describe, expect, it } from 'vitest';
import { GENDERS, GENDER_LABELS, SPECIALIZATIONS, SPECIALIZATION_LABELS } from '../../../domain/enums.ts';
import { updateDoctorBody } from '../../../domain/schemas/doctors.ts';
import { changesOf, draftFromProfile, sentValue, type DetailsFieldSpecs } from './detailsDraft.ts';

const SPECS = {
  name: { label: 'Full name', kind: 'text' },
  gender: { label: 'Gender', kind: 'choice', options: GENDERS, labels: GENDER_LABELS },
  specializations: { label: 'Specialisations', kind: 'multi', options: SPECIALIZATIONS, labels: SPECIALIZATION_LABELS },
  qualifications: { label: 'Qualifications', kind: 'list' },
  consultationFee: { label: 'Consultation fee', kind: 'number' },
  telemedicineAvailable: { label: 'Telemedicine', kind: 'flag' },
  description: { label: 'About', kind: 'text', clearable: true },
  phone: { label: 'Phone', kind: 'text' },
} satisfies DetailsFieldSpecs;

const DOCTOR = {
  id: 'd1',
  name: 'Dr Arjun Rao',
  gender: null,
  specializations: ['CARDIOLOGY', 'INTERNAL_MEDICINE'],
  qualifications: ['MBBS', 'MD'],
  consultationFee: 800,
  telemedicineAvailable: true,
  description: 'Heart care',
  phone: '9822012345',
  registrationNumber: 'MMC-1',
};

describe('draftFromProfile', () => {
  it('turns the profile into form values, null and absent as empty', () => {
    expect(draftFromProfile(SPECS, DOCTOR)).toEqual({
      name: 'Dr Arjun Rao',
      gender: '',
      specializations: ['CARDIOLOGY', 'INTERNAL_MEDICINE'],
      qualifications: 'MBBS, MD',
      consultationFee: '800',
      telemedicineAvailable: true,
      description: 'Heart care',
      phone: '9822012345',
    });
    expect(draftFromProfile(SPECS, {})).toMatchObject({ specializations: [], qualifications: '', name: '' });
  });

  it('copies lists, so editing the draft never changes the profile', () => {
    const draft = draftFromProfile(SPECS, DOCTOR);
    draft.specializations.push('NEUROLOGY');
    expect(DOCTOR.specializations).toHaveLength(2);
  });
});

describe('sentValue', () => {
  it('trims text and sends nothing for an empty value', () => {
    expect(sentValue('text', '  Pune  ')).toBe('Pune');
    expect(sentValue('text', '   ')).toBeUndefined();
    expect(sentValue('choice', '')).toBeUndefined();
  });
  it('reads numbers, leaving what is not one for the schema to name', () => {
    expect(sentValue('number', ' 1200.50 ')).toBe(1200.5);
    expect(sentValue('number', 'abc')).toBeNaN();
    expect(sentValue('number', '')).toBeUndefined();
  });
  it('splits typed lists on commas and drops empty entries', () => {
    expect(sentValue('list', 'MBBS, MD ,, DM ')).toEqual(['MBBS', 'MD', 'DM']);
    expect(sentValue('list', '')).toEqual([]);
  });
});

describe('changesOf', () => {
  const before = draftFromProfile(SPECS, DOCTOR);

  it('sends only what changed', () => {
    const after = { ...before, consultationFee: '950', telemedicineAvailable: false };
    expect(changesOf(SPECS, before, after)).toEqual({
      body: { consultationFee: 950, telemedicineAvailable: false },
      cannotEmpty: [],
    });
  });

  it('does not count spacing, a re-typed number or a new order of chosen values as a change', () => {
    const after = {
      ...before,
      name: ' Dr Arjun Rao ',
      qualifications: 'MBBS,MD',
      consultationFee: '800.00',
      specializations: ['INTERNAL_MEDICINE', 'CARDIOLOGY'],
    };
    expect(changesOf(SPECS, before, after)).toEqual({ body: {}, cannotEmpty: [] });
  });

  it('keeps the order of a typed list', () => {
    const after = { ...before, qualifications: 'MD, MBBS' };
    expect(changesOf(SPECS, before, after).body).toEqual({ qualifications: ['MD', 'MBBS'] });
  });

  it('empties a clearable text and a list, and names values the API cannot remove', () => {
    const after = { ...before, description: '', qualifications: ' ', phone: '', consultationFee: '' };
    expect(changesOf(SPECS, before, after)).toEqual({
      body: { description: '', qualifications: [] },
      cannotEmpty: ['consultationFee', 'phone'],
    });
  });

  it('gives the domain schema what it checks, with its own messages', () => {
    const after = { ...before, specializations: [], consultationFee: '-5' };
    const parsed = updateDoctorBody.safeParse(changesOf(SPECS, before, after).body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['specializations', 'Choose at least one specialisation'],
      ['consultationFee', 'Consultation fee cannot be negative'],
    ]);
  });

  it('a new gender where there was none is a change', () => {
    expect(changesOf(SPECS, before, { ...before, gender: 'MALE' }).body).toEqual({ gender: 'MALE' });
  });
});
