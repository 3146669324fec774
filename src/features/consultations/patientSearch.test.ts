import { describe, expect, it } from 'vitest';
import { queriesFor } from './patientSearch.ts';

describe('the walk-in patient search', () => {
  it('asks nothing for fewer than two characters', () => {
    expect(queriesFor('')).toEqual([]);
    expect(queriesFor(' P ')).toEqual([]);
  });

  it('searches a phone number by its ten digits, however it is written', () => {
    expect(queriesFor('098220 11111')).toEqual([{ phoneNumber: '9822011111' }]);
    expect(queriesFor('+91 98220-11111')).toEqual([{ phoneNumber: '9822011111' }]);
  });

  it('searches one name as a first or a last name, and two words as first and last', () => {
    expect(queriesFor('Priya')).toEqual([{ firstName: 'Priya' }, { lastName: 'Priya' }]);
    expect(queriesFor('  Priya   Sharma ')).toEqual([{ firstName: 'Priya', lastName: 'Sharma' }]);
    expect(queriesFor('Anil Kumar Singh')).toEqual([{ firstName: 'Anil', lastName: 'Kumar Singh' }]);
  });

  it('searches digits that are not a valid phone number as a name (and finds nobody)', () => {
    expect(queriesFor('12345')).toEqual([{ firstName: '12345' }, { lastName: '12345' }]);
  });
});
