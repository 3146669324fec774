import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  DATE_RANGE_MESSAGE,
  hasNulOrLoneSurrogate,
  hasUnsavableCharacters,
  isDateInRange,
  isInstantInRange,
  lineText,
  notesText,
  unsavableMessage,
} from './text.ts';
import { emailSchema, isoDate, isoDateTimeWithOffset, phoneSchema } from './common.ts';

const messages = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('hasUnsavableCharacters', () => {
  it('finds NUL, other control characters and lone surrogates in a one-line field', () => {
    for (const bad of ['a\u0000b', 'bell\u0007', 'esc\u001b[0m', 'del\u007f', 'c1\u0085', 'tab\there', 'new\nline']) {
      expect(hasUnsavableCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const bad of ['\ud800', 'x\udc00', 'a\ud83db', '\udfff\ud800']) {
      expect(hasUnsavableCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
  });

  it('lets free-text notes keep line breaks and tabs, but nothing else', () => {
    expect(hasUnsavableCharacters('line one\r\nline two\tindented', 'notes')).toBe(false);
    expect(hasUnsavableCharacters('a\u0000b', 'notes')).toBe(true);
    expect(hasUnsavableCharacters('form\ffeed', 'notes')).toBe(true);
    expect(hasUnsavableCharacters('\ud800', 'notes')).toBe(true);
  });

  it('takes every script, emoji and joiner people type', () => {
    for (const good of ['Asha Kale', 'आशा काळे', 'ஆஷா', 'ક્ષ', 'क्‍ष', '😀 👩‍⚕️', 'Dr. O’Brien – MBBS', '']) {
      expect(hasUnsavableCharacters(good), good).toBe(false);
    }
  });

  test.prop([fc.string({ unit: 'grapheme' })])('any well-formed text without controls is savable', (value) => {
    const cleaned = value.replace(/\p{Cc}/gu, '');
    expect(hasUnsavableCharacters(cleaned)).toBe(false);
    expect(hasNulOrLoneSurrogate(cleaned)).toBe(false);
  });

  test.prop([fc.string({ unit: 'grapheme' }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string()])(
    'a lone surrogate anywhere is found',
    (before, code, after) => {
      const value = `${before}${String.fromCharCode(code)}${after.replace(/[\ud800-\udfff]/g, '')}`;
      // Unless it happens to complete a pair with its neighbour, it is lone; a well-formed string survives UTF-8.
      const wellFormed = new TextDecoder().decode(new TextEncoder().encode(value)) === value;
      expect(hasNulOrLoneSurrogate(value)).toBe(!wellFormed);
    },
  );
});

describe('lineText and notesText', () => {
  it('name the field in a message a user can read', () => {
    expect(messages(lineText('Name').safeParse('Asha\u0000'))).toEqual([
      "Name contains characters that can't be saved",
    ]);
    expect(unsavableMessage('City')).toBe("City contains characters that can't be saved");
  });

  it('keep the other rules of the field and their messages', () => {
    const name = lineText('Name', { error: 'Name is required' }).trim().min(2, 'Name must be at least 2 characters');
    expect(name.parse('  Asha ')).toBe('Asha');
    expect(messages(name.safeParse('A'))).toEqual(['Name must be at least 2 characters']);
    expect(messages(name.safeParse(undefined))).toEqual(['Name is required']);
    expect(messages(name.safeParse('A\u0007'))).toEqual(["Name contains characters that can't be saved"]);
  });

  it('refuse a character even where trimming would drop it', () => {
    expect(lineText('Name').trim().safeParse('Asha\u0000').success).toBe(false);
    expect(lineText('Name').trim().safeParse('Asha\n').success).toBe(false);
  });

  it('keep line breaks in notes', () => {
    expect(notesText('Notes').parse('one\r\ntwo\tthree')).toBe('one\r\ntwo\tthree');
    expect(messages(notesText('Notes').safeParse('one\u0000'))).toEqual([
      "Notes contains characters that can't be saved",
    ]);
  });

  it('guard the shared schemas built on them', () => {
    expect(emailSchema.safeParse('a\u0000@example.in').success).toBe(false);
    expect(phoneSchema.safeParse('98765\u000043210').success).toBe(false);
  });
});

describe('dates within 1900 to 2100', () => {
  it('bounds a calendar date', () => {
    expect(isDateInRange('1900-01-01')).toBe(true);
    expect(isDateInRange('2100-12-31')).toBe(true);
    expect(isDateInRange('1899-12-31')).toBe(false);
    expect(isDateInRange('2101-01-01')).toBe(false);
    expect(messages(isoDate.safeParse('0000-01-01'))).toEqual([DATE_RANGE_MESSAGE]);
    expect(isoDate.parse('2024-01-05')).toBe('2024-01-05');
  });

  it('bounds an instant by the year it is written in', () => {
    expect(isInstantInRange('2024-01-05T10:30:00+05:30')).toBe(true);
    expect(isInstantInRange('2100-12-31T23:59:59-12:00')).toBe(true);
    expect(isInstantInRange('9999-12-31T23:59:59.999999999-12:00')).toBe(false);
    expect(isInstantInRange('0000-01-01T00:00:00Z')).toBe(false);
    expect(isoDateTimeWithOffset.safeParse('9999-12-31T23:59:59.999999999-12:00').success).toBe(false);
    expect(isoDateTimeWithOffset.parse('2024-01-05T10:30:00.123Z')).toBe('2024-01-05T10:30:00.123Z');
  });

  test.prop([
    fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }),
  ])('takes every instant of those years', (date) => {
    const iso = date.toISOString();
    expect(isoDateTimeWithOffset.safeParse(iso).success).toBe(true);
    expect(isoDate.safeParse(iso.slice(0, 10)).success).toBe(true);
  });
});
