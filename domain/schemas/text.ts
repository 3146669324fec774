import { z } from 'zod';

/**
 * Text and dates that can be stored: what a request may carry in any text field or query, shared by
 * the server's schemas and the client's forms.
 *
 * PostgreSQL cannot hold a NUL character in text, nor a lone UTF-16 surrogate in JSON; other control
 * characters (a bell, an escape, a backspace) are never typed by a person and break what shows the
 * text. One-line fields refuse them all; free-text notes keep line breaks and tabs.
 */

/** NUL, the other C0 controls, DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, less tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextKind = 'line' | 'notes';

/** Whether a string holds a character that cannot be saved in a field of this kind. */
export function hasUnsavableCharacters(value: string, kind: TextKind = 'line'): boolean {
  return (kind === 'notes' ? CONTROL_BUT_LAYOUT : CONTROL).test(value) || LONE_SURROGATE.test(value);
}

/** Whether a string holds what no stored text can: a NUL or a lone surrogate (the server's last check). */
export function hasNulOrLoneSurrogate(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

export const unsavableMessage = (label: string) => `${label} contains characters that can't be saved`;

/** The rule itself, to add to any string schema (an email, a URL …): `.check(savable('Website'))`. */
export function savable(label: string, kind: TextKind = 'line') {
  return z.refine<string>((value) => !hasUnsavableCharacters(value, kind), { message: unsavableMessage(label) });
}

/** A one-line text field (a name, a city, a search term): no control characters at all. */
export function lineText(label: string, params?: { error?: string }) {
  return z.string(params).check(savable(label, 'line'));
}

/** Free text (notes, a message, a description): may keep line breaks (\n, \r) and tabs. */
export function notesText(label: string, params?: { error?: string }) {
  return z.string(params).check(savable(label, 'notes'));
}

/** The calendar years a date may fall in: PostgreSQL holds far more, but nothing here is older or later. */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2100;
export const EARLIEST_DATE = `${EARLIEST_YEAR}-01-01`;
export const LATEST_DATE = `${LATEST_YEAR}-12-31`;
export const DATE_RANGE_MESSAGE = `Must be a date between ${EARLIEST_YEAR} and ${LATEST_YEAR}`;
export const DATE_TIME_RANGE_MESSAGE = `Must be a time between ${EARLIEST_YEAR} and ${LATEST_YEAR}`;

/** Whether a 'yyyy-mm-dd' date is within the years a date may fall in. */
export function isDateInRange(value: string): boolean {
  return value >= EARLIEST_DATE && value <= LATEST_DATE;
}

/** Whether an ISO date-time ('yyyy-mm-ddThh:mm…') is written in those years and names a real instant. */
export function isInstantInRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR && Number.isFinite(Date.parse(value));
}
