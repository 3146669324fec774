import { ApiError } from '../../api/http.ts';

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * Form field names for validation issues: 'address.pincode' becomes 'pincode' (the address fields
 * sit flat in every form), 'specializations.2' becomes 'specializations', and a path under one of
 * `nested` keeps its second part ('openingHours.MONDAY', 'emergencyContact.phone').
 */
export function fieldKeyOf(path: readonly PropertyKey[], nested: readonly string[] = []): string {
  const [first, second] = path.map(String);
  if (first === undefined) return '';
  if (first === 'address' && second !== undefined) return second;
  if (nested.includes(first) && second !== undefined) return `${first}.${second}`;
  return first;
}

/** The first message per form field of a zod error's issues. */
export function issuesToErrors(issues: readonly Issue[], nested: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = fieldKeyOf(issue.path, nested);
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's VALIDATION details, keyed like issuesToErrors; {} for any other error. */
export function apiErrorsToFields(error: unknown, nested: readonly string[] = []): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fieldErrors())) {
    out[fieldKeyOf(path.split('.'), nested)] ??= message;
  }
  return out;
}

/** After a refused submit, moves focus (and the view) to the first field marked invalid. */
export function focusFirstInvalid() {
  requestAnimationFrame(() => {
    const invalid = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A group of controls (checkboxes, a MultiSelect) takes the focus on its first control.
    const target = invalid?.matches('fieldset, [role="group"]')
      ? invalid.querySelector<HTMLElement>('input, button')
      : invalid;
    target?.focus();
  });
}
