import { describe, expect, it } from 'vitest';
import { ariaSortOf, draftOf, pageOf, sortOf, toggledSort, withFilters, withPage, withSort } from './urlState.ts';

const p = (search: string) => new URLSearchParams(search);
const DEFAULT = { by: 'lastName', order: 'asc' } as const;

describe('paging in the URL', () => {
  it('reads the page, and page 1 for anything that is not a whole number above 0', () => {
    expect(pageOf(p('page=3'))).toBe(3);
    for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=abc']) expect(pageOf(p(bad))).toBe(1);
  });

  it('moves to a page keeping the filters, and page 1 leaves no parameter', () => {
    expect(withPage(p('city=Pune'), 2).toString()).toBe('city=Pune&page=2');
    expect(withPage(p('city=Pune&page=4'), 1).toString()).toBe('city=Pune');
  });

  it('does not change the parameters it was given', () => {
    const params = p('page=2');
    withPage(params, 5);
    expect(params.toString()).toBe('page=2');
  });
});

describe('sorting in the URL', () => {
  it('reads the sort, with the default for what is absent or unknown', () => {
    expect(sortOf(p('sortBy=dateOfBirth&sortOrder=desc'), DEFAULT)).toEqual({ by: 'dateOfBirth', order: 'desc' });
    expect(sortOf(p(''), DEFAULT)).toEqual(DEFAULT);
    expect(sortOf(p('sortOrder=sideways'), DEFAULT)).toEqual(DEFAULT);
  });

  it('turns the sorted column around, and starts another one ascending', () => {
    expect(toggledSort({ by: 'lastName', order: 'asc' }, 'lastName')).toEqual({ by: 'lastName', order: 'desc' });
    expect(toggledSort({ by: 'lastName', order: 'desc' }, 'lastName')).toEqual({ by: 'lastName', order: 'asc' });
    expect(toggledSort({ by: 'lastName', order: 'desc' }, 'dateOfBirth')).toEqual({ by: 'dateOfBirth', order: 'asc' });
  });

  it('writes a sort from the first page, and leaves the default out of the URL', () => {
    expect(withSort(p('city=Pune&page=3'), { by: 'dateOfBirth', order: 'desc' }, DEFAULT).toString()).toBe(
      'city=Pune&sortBy=dateOfBirth&sortOrder=desc',
    );
    expect(withSort(p('sortBy=dateOfBirth&sortOrder=desc'), DEFAULT, DEFAULT).toString()).toBe('');
  });

  it('names the sorted header for assistive technology, and no other', () => {
    expect(ariaSortOf({ by: 'lastName', order: 'asc' }, 'lastName')).toBe('ascending');
    expect(ariaSortOf({ by: 'lastName', order: 'desc' }, 'lastName')).toBe('descending');
    expect(ariaSortOf({ by: 'lastName', order: 'asc' }, 'city')).toBeUndefined();
    expect(ariaSortOf({ by: 'lastName', order: 'asc' }, undefined)).toBeUndefined();
    expect(ariaSortOf(undefined, 'lastName')).toBeUndefined();
  });
});

describe('filters in the URL', () => {
  const KEYS = ['lastName', 'city', 'state'];

  it('reads a draft of every filter, empty where absent', () => {
    expect(draftOf(p('city=Pune&page=2'), KEYS)).toEqual({ lastName: '', city: 'Pune', state: '' });
  });

  it('applies trimmed values, drops empty ones, returns to page 1 and keeps what the form does not hold', () => {
    const next = withFilters(
      p('city=Mumbai&page=4&sortOrder=desc'),
      { lastName: '  Sharma ', city: '  ', state: 'MAHARASHTRA' },
      KEYS,
    );
    expect(Object.fromEntries(next)).toEqual({ lastName: 'Sharma', state: 'MAHARASHTRA', sortOrder: 'desc' });
  });

  it('leaves a parameter alone that is neither a filter nor in the draft', () => {
    expect(withFilters(p('latitude=18.5'), {}, KEYS).toString()).toBe('latitude=18.5');
  });
});
