/**
 * The editable details of a profile as a form draft, and the partial change a draft makes: pure, so
 * the rules (what counts as a change, what can be emptied) are tested without a browser.
 */

/** How a field is edited and what it sends. */
export type DetailsFieldKind =
  /** Free text, trimmed; '' is "none". */
  | 'text'
  /** A number typed as text; '' is "none". */
  | 'number'
  /** Free-text values typed separated by commas (qualifications, insurance partners). */
  | 'list'
  /** One value of an enumeration; '' is "none". */
  | 'choice'
  /** Yes or no. */
  | 'flag'
  /** Any number of values of an enumeration. */
  | 'multi';

export type DetailsFieldSpec = {
  label: string;
  kind: DetailsFieldKind;
  /** The values and their labels of a choice or multi field. */
  options?: readonly string[];
  labels?: Readonly<Record<string, string>>;
  /**
   * A text the API stores as given, so emptying it is sent as ''. The API cannot remove other optional
   * values (a phone, a website, a fee) once set, so emptying one of those is refused with a message.
   */
  clearable?: boolean;
};

export type DetailsFieldSpecs = Readonly<Record<string, DetailsFieldSpec>>;

/** The draft a set of specs edits: flags are booleans, multi fields arrays, the rest strings. */
export type DetailsDraftOf<S extends DetailsFieldSpecs> = {
  -readonly [K in keyof S]: S[K]['kind'] extends 'flag' ? boolean : S[K]['kind'] extends 'multi' ? string[] : string;
};

export type DetailsDraftValue = string | boolean | string[];

export const splitList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's starting values from the profile as the API answered it (null and absent become empty). */
export function draftFromProfile<S extends DetailsFieldSpecs>(specs: S, profile: object): DetailsDraftOf<S> {
  const source = profile as Record<string, unknown>;
  const draft: Record<string, DetailsDraftValue> = {};
  for (const [key, spec] of Object.entries(specs)) {
    const value = source[key];
    switch (spec.kind) {
      case 'flag':
        draft[key] = value === true;
        break;
      case 'multi':
        draft[key] = Array.isArray(value) ? value.map(String) : [];
        break;
      case 'list':
        draft[key] = Array.isArray(value) ? value.map(String).join(', ') : '';
        break;
      default:
        draft[key] = value === null || value === undefined ? '' : String(value);
    }
  }
  return draft as DetailsDraftOf<S>;
}

/** What one field sends, or undefined when it is empty. Numbers that do not parse stay NaN for the schema to name. */
export function sentValue(kind: DetailsFieldKind, value: DetailsDraftValue | undefined): unknown {
  if (kind === 'flag') return value === true;
  if (kind === 'multi') return Array.isArray(value) ? [...value] : [];
  const text = typeof value === 'string' ? value.trim() : '';
  if (kind === 'list') return splitList(text);
  if (text === '') return undefined;
  return kind === 'number' ? Number(text) : text;
}

function sameValue(kind: DetailsFieldKind, a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    // The order of chosen enumeration values means nothing; the order of a typed list does.
    if (kind === 'multi') return a.every((v) => b.includes(v)) && b.every((v) => a.includes(v));
    return a.every((v, i) => v === b[i]);
  }
  return Object.is(a, b);
}

export type DetailsChanges = {
  /** Only what changed, as the update schema takes it: a change never touches what the user did not edit. */
  body: Record<string, unknown>;
  /** Fields the user emptied that the API cannot empty. */
  cannotEmpty: string[];
};

export function changesOf<S extends DetailsFieldSpecs>(
  specs: S,
  before: DetailsDraftOf<S>,
  after: DetailsDraftOf<S>,
): DetailsChanges {
  const body: Record<string, unknown> = {};
  const cannotEmpty: string[] = [];
  for (const [key, spec] of Object.entries(specs)) {
    const was = sentValue(spec.kind, before[key]);
    const now = sentValue(spec.kind, after[key]);
    if (sameValue(spec.kind, was, now)) continue;
    if (now !== undefined) body[key] = now;
    else if (spec.clearable) body[key] = '';
    else cannotEmpty.push(key);
  }
  return { body, cannotEmpty };
}

export const cannotEmptyMessage = (label: string) => `${label} cannot be removed, only changed`;
