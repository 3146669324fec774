import { normalizePhone } from '../../../domain/rules/phone.ts';

/** What the search box asks the patient list: a phone number, a first and last name, or one name. */
export function queriesFor(term: string): Array<Record<string, string>> {
  const text = term.trim();
  if (text.length < 2) return [];
  const phone = /^[\d\s+()-]+$/.test(text) ? normalizePhone(text) : null;
  if (phone) return [{ phoneNumber: phone }];
  const [first, ...rest] = text.split(/\s+/);
  if (rest.length) return [{ firstName: first!, lastName: rest.join(' ') }];
  return [{ firstName: text }, { lastName: text }];
}
