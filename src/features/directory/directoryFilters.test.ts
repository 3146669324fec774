import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  clearAllFilters,
  queryOf,
  valuesOf,
  withChanges,
  type FilterControl,
} from './directoryFilters.ts';

const FILTERS: FilterControl[] = [
  {
    type: 'multi',
    param: 'specializations',
    label: 'Specialisations',
    anyLabel: 'Any',
    options: [
      ['CARDIOLOGY', 'Cardiology'],
      ['NEUROLOGY', 'Neurology'],
    ],
  },
  { type: 'select', param: 'gender', label: 'Gender', anyLabel: 'Any', options: [['FEMALE', 'Female']] },
  { type: 'number', param: 'minExperience', label: 'Minimum experience (years)', min: 0, max: 70 },
  { type: 'terms', param: 'insuranceAccepted', label: 'Insurance accepted' },
  { type: 'flag', param: 'telemedicineAvailable', label: 'Telemedicine' },
];

const url = (search: string) => new URLSearchParams(search);

describe('valuesOf', () => {
  it('reads repeated and comma-separated values, trimmed and without repeats', () => {
    expect(valuesOf(url('s=A&s=B'), 's')).toEqual(['A', 'B']);
    expect(valuesOf(url('s=A,B&s=B&s=%20C%20'), 's')).toEqual(['A', 'B', 'C']);
    expect(valuesOf(url('x=1'), 's')).toEqual([]);
  });
});

describe('queryOf', () => {
  it('makes a list of each repeated parameter and keeps the first value of the others', () => {
    expect(
      queryOf(url('specializations=CARDIOLOGY&page=2&specializations=NEUROLOGY&gender=FEMALE&gender=MALE'), [
        'specializations',
      ]),
    ).toEqual({ specializations: ['CARDIOLOGY', 'NEUROLOGY'], page: '2', gender: 'FEMALE' });
  });
  it('leaves out a repeated parameter with no value', () => {
    expect(queryOf(url('specializations=&city=Pune'), ['specializations'])).toEqual({ city: 'Pune' });
  });
});

describe('withChanges', () => {
  it('repeats a list, replaces a value and goes back to page 1', () => {
    const next = withChanges(url('specializations=CARDIOLOGY&page=3&city=Pune'), {
      specializations: ['CARDIOLOGY', 'NEUROLOGY'],
      city: 'Mumbai',
    });
    expect(next.toString()).toBe('city=Mumbai&specializations=CARDIOLOGY&specializations=NEUROLOGY');
  });
  it('removes a parameter for undefined, an empty text or an empty list', () => {
    const next = withChanges(url('a=1&b=2&c=3&c=4&d=5'), { a: undefined, b: '', c: [] });
    expect(next.toString()).toBe('d=5');
  });
  it('keeps the page when turning a page, and never changes the URL it was given', () => {
    const before = url('state=GOA');
    expect(withChanges(before, { page: '2' }, false).toString()).toBe('state=GOA&page=2');
    expect(before.toString()).toBe('state=GOA');
  });
});

describe('activeFilters', () => {
  it('lists every filter that is on, each multi value on its own, with the change that removes it', () => {
    const params = url(
      'state=MAHARASHTRA&specializations=CARDIOLOGY&specializations=NEUROLOGY&gender=FEMALE&minExperience=5' +
        '&insuranceAccepted=CGHS&telemedicineAvailable=true&searchQuery=rao&sortBy=name',
    );
    expect(activeFilters(params, FILTERS)).toEqual([
      { id: 'state', text: 'Maharashtra', remove: { state: undefined } },
      {
        id: 'specializations=CARDIOLOGY',
        text: 'Cardiology',
        remove: { specializations: ['NEUROLOGY'] },
      },
      {
        id: 'specializations=NEUROLOGY',
        text: 'Neurology',
        remove: { specializations: ['CARDIOLOGY'] },
      },
      { id: 'gender', text: 'Female', remove: { gender: undefined } },
      { id: 'minExperience', text: 'Minimum experience (years): 5', remove: { minExperience: undefined } },
      { id: 'insuranceAccepted=CGHS', text: 'CGHS', remove: { insuranceAccepted: [] } },
      { id: 'telemedicineAvailable', text: 'Telemedicine', remove: { telemedicineAvailable: undefined } },
    ]);
  });
  it('is empty with no filter on', () => {
    expect(activeFilters(url('searchQuery=rao&page=2'), FILTERS)).toEqual([]);
  });
});

describe('clearAllFilters', () => {
  it('turns off the state and every filter of the list, and leaves the search, place and order', () => {
    const changes = clearAllFilters(FILTERS);
    const next = withChanges(
      url('searchQuery=rao&state=GOA&specializations=NEUROLOGY&latitude=1&longitude=2&sortBy=rating&page=4'),
      changes,
    );
    expect(next.toString()).toBe('searchQuery=rao&latitude=1&longitude=2&sortBy=rating');
  });
});
