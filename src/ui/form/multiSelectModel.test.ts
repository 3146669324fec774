import { describe, expect, it } from 'vitest';
import { SPECIALIZATIONS, SPECIALIZATION_LABELS } from '../../../domain/enums.ts';
import { filterOptions, multiSummary, toggleOption } from './multiSelectModel.ts';

const LABELS = { A: 'Cardiology', B: 'Neurology', C: 'Orthopaedics' };
const OPTIONS = ['A', 'B', 'C'] as const;

describe('multiSummary', () => {
  it('says "any" when nothing is chosen, names one or two, and counts more', () => {
    expect(multiSummary([], LABELS, 'Any specialisation')).toBe('Any specialisation');
    expect(multiSummary(['B'], LABELS, 'Any')).toBe('Neurology');
    expect(multiSummary(['A', 'B'], LABELS, 'Any')).toBe('Cardiology, Neurology');
    expect(multiSummary(['A', 'B', 'C'], LABELS, 'Any')).toBe('3 chosen');
  });
  it('shows a value it has no label for as it is', () => {
    expect(multiSummary(['Z'], LABELS, 'Any')).toBe('Z');
  });
});

describe('filterOptions', () => {
  it('keeps every option for an empty filter', () => {
    expect(filterOptions(OPTIONS, LABELS, '  ')).toEqual(['A', 'B', 'C']);
  });
  it('matches every typed word in the label, ignoring case and accents', () => {
    expect(filterOptions(OPTIONS, LABELS, 'LOGY')).toEqual(['A', 'B']);
    expect(filterOptions(OPTIONS, LABELS, 'néuro')).toEqual(['B']);
    expect(filterOptions(OPTIONS, LABELS, 'card neuro')).toEqual([]);
  });
  it('also matches the words of the value itself', () => {
    const found = filterOptions(SPECIALIZATIONS, SPECIALIZATION_LABELS, 'cardio');
    expect(found).toContain('CARDIOLOGY');
    expect(found.every((s) => `${SPECIALIZATION_LABELS[s as never]} ${s}`.toLowerCase().includes('cardio'))).toBe(true);
  });
});

describe('toggleOption', () => {
  it("adds in the options' order and removes", () => {
    expect(toggleOption(OPTIONS, ['C'], 'A', true)).toEqual(['A', 'C']);
    expect(toggleOption(OPTIONS, ['A', 'C'], 'A', false)).toEqual(['C']);
    expect(toggleOption(OPTIONS, ['A'], 'A', true)).toEqual(['A']);
  });
  it('keeps a value the options do not know, at the end', () => {
    expect(toggleOption(OPTIONS, ['OLD'], 'B', true)).toEqual(['B', 'OLD']);
  });
});
