/** Indian mobile numbers (SPEC §5, §9): country code +91, 10 digits starting with 6 to 9. */

export const PHONE_COUNTRY_CODE = '+91';

const MOBILE_NUMBER = /^[6-9]\d{9}$/;

/**
 * The 10-digit national number, or null when the input is not a valid Indian mobile number.
 * Non-digits are stripped; a 12-digit number starting with 91 loses that prefix and an 11-digit
 * number starting with 0 loses the 0. No other prefix (such as 0091) is recognised.
 */
export function normalizePhone(input: string | null | undefined): string | null {
  if (input == null) return null;
  let digits = input.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return MOBILE_NUMBER.test(digits) ? digits : null;
}

export function isValidPhone(input: string | null | undefined): boolean {
  return normalizePhone(input) !== null;
}

/**
 * '+91-9876543210' for a valid number. An invalid number is returned trimmed, as typed, so the
 * user still sees what was stored rather than nothing; a missing one gives ''.
 */
export function formatPhone(input: string | null | undefined): string {
  const national = normalizePhone(input);
  if (national !== null) return `${PHONE_COUNTRY_CODE}-${national}`;
  return input?.trim() ?? '';
}
