import type { InteractionSeverity, SafetyOutcome } from '../enums.ts';
import {
  ALLERGY_RULES,
  ALLERGY_WORDS,
  DRUG_CLASSES,
  INGREDIENTS,
  INTERACTION_RULES,
  type DrugClass,
  type Ingredient,
  type Term,
} from './drugKnowledge.ts';

/**
 * The prescribing checks: allergies and drug–drug interactions against the knowledge table
 * (drugKnowledge.ts). Each drug's answer is one of FOUND (with the reasons), NONE_KNOWN (every
 * ingredient is known to the table and nothing applies) or NOT_CHECKED (an ingredient the table
 * does not know: the prescriber must check it themselves). Never a silent pass.
 */

const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\b\d+(\.\d+)?\s*(mg|mcg|g|ml|iu|%)\b/g, '')
    .trim();

const BY_NAME = new Map<string, Ingredient>();
for (const ingredient of INGREDIENTS) {
  BY_NAME.set(ingredient.name, ingredient);
  for (const alias of ingredient.aliases ?? []) BY_NAME.set(alias, ingredient);
}

/** The names the table knows, for type-ahead (generic names only). */
export const KNOWN_DRUG_NAMES: readonly string[] = INGREDIENTS.map((x) => x.name).sort();

/** The generic names that start with (or contain) `text`, starts first; at most `limit`. */
export function searchDrugs(text: string, limit = 8): string[] {
  const q = norm(text);
  if (!q) return [];
  const starts = KNOWN_DRUG_NAMES.filter((n) => n.startsWith(q));
  const contains = KNOWN_DRUG_NAMES.filter((n) => !n.startsWith(q) && n.includes(q));
  return [...starts, ...contains].slice(0, limit);
}

export type ParsedDrug = { text: string; known: Ingredient[]; unknown: string[] };

/** A drug as written ("Amoxicillin + Clavulanic acid 625 mg") split into ingredients, known or not. */
export function parseDrug(text: string): ParsedDrug {
  const parts = norm(text)
    .split(/\s*(?:\+|\/|,|\band\b|\bwith\b)\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const known: Ingredient[] = [];
  const unknown: string[] = [];
  for (const part of parts) {
    const found = BY_NAME.get(part) ?? BY_NAME.get(part.replace(/ (tablets?|capsules?|syrup|injection)$/, ''));
    if (found) known.push(found);
    else unknown.push(part);
  }
  if (parts.length === 0) unknown.push(text.trim());
  return { text, known, unknown };
}

function termMatches(term: Term, ingredient: Ingredient): boolean {
  if (term.startsWith('class:')) return ingredient.classes.includes(term.slice(6) as DrugClass);
  return ingredient.name === term;
}

function termWords(term: Term): string {
  return term.startsWith('class:') ? DRUG_CLASSES[term.slice(6) as DrugClass].toLowerCase() : term;
}

export type SafetyFinding = {
  severity: InteractionSeverity;
  reason: string;
  source: string;
  sourceDate: string;
  /** The allergy or the other drug it is about. */
  about: string;
};

export type DrugCheck = {
  drug: string;
  outcome: SafetyOutcome;
  findings: SafetyFinding[];
  /** Ingredients the table does not know (why NOT_CHECKED). */
  notChecked: string[];
  message: string;
};

const SEVERITY_ORDER: Record<InteractionSeverity, number> = { CONTRAINDICATED: 0, MAJOR: 1, MODERATE: 2 };
const worstFirst = (a: SafetyFinding, b: SafetyFinding) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];

/** An allergy as recorded → the term it names (a class, an ingredient), or null when not a drug the table knows. */
export function allergyTerm(allergy: string): Term | null {
  const text = norm(allergy).replace(/ (allergy|allergic)$/, '');
  if (ALLERGY_WORDS[text]) return ALLERGY_WORDS[text]!;
  const ingredient = BY_NAME.get(text);
  return ingredient ? ingredient.name : null;
}

export type AllergyCheck = {
  results: DrugCheck[];
  /** Recorded allergies that name no drug or class the table knows (a food, dust …): not matched against. */
  unrecognisedAllergies: string[];
};

export function checkAllergies(drugs: readonly string[], allergies: readonly string[]): AllergyCheck {
  const terms = allergies.map((allergy) => ({ allergy, term: allergyTerm(allergy) }));
  const results = drugs.map((drug): DrugCheck => {
    const parsed = parseDrug(drug);
    const findings: SafetyFinding[] = [];
    for (const ingredient of parsed.known) {
      for (const { allergy, term } of terms) {
        if (!term) continue;
        if (termMatches(term, ingredient)) {
          findings.push({
            severity: 'CONTRAINDICATED',
            reason: `${cap(ingredient.name)} ${term.startsWith('class:') ? `is one of the ${termWords(term)}` : 'is the drug'} the patient is allergic to (${allergy}).`,
            source: 'Patient allergy record',
            sourceDate: '',
            about: allergy,
          });
          continue;
        }
        for (const rule of ALLERGY_RULES) {
          if (
            (rule.allergen === term || termMatchesTerm(rule.allergen, term)) &&
            termMatches(rule.reactsWith, ingredient)
          ) {
            findings.push({
              severity: rule.severity,
              reason: rule.reason,
              source: rule.source,
              sourceDate: rule.date,
              about: allergy,
            });
          }
        }
      }
    }
    return conclude(drug, parsed, findings, 'allergy', allergies.length === 0);
  });
  return { results, unrecognisedAllergies: terms.filter((t) => !t.term).map((t) => t.allergy) };
}

/** An allergen rule naming an ingredient also applies when the allergy names that ingredient. */
function termMatchesTerm(ruleTerm: Term, allergyTerm: Term): boolean {
  return ruleTerm === allergyTerm;
}

/**
 * Each of `drugs` checked against every other drug of `drugs` and of `current` (what the patient
 * already takes, or the consultation's other prescriptions).
 */
export function checkInteractions(drugs: readonly string[], current: readonly string[] = []): DrugCheck[] {
  const all = [...drugs, ...current].map(parseDrug);
  return drugs.map((drug, index): DrugCheck => {
    const parsed = all[index]!;
    const others = all.filter((_, j) => j !== index);
    const findings: SafetyFinding[] = [];
    const seen = new Set<string>();
    for (const other of others) {
      for (const mine of parsed.known) {
        for (const theirs of other.known) {
          if (mine.name === theirs.name) continue;
          for (const rule of INTERACTION_RULES) {
            const hit =
              (termMatches(rule.a, mine) && termMatches(rule.b, theirs)) ||
              (termMatches(rule.b, mine) && termMatches(rule.a, theirs));
            const key = `${rule.a}|${rule.b}|${other.text}`;
            if (hit && !seen.has(key)) {
              seen.add(key);
              findings.push({
                severity: rule.severity,
                reason: rule.reason,
                source: rule.source,
                sourceDate: rule.date,
                about: other.text,
              });
            }
          }
        }
      }
    }
    const otherUnknown = others.flatMap((o) => o.unknown);
    const conclusion = conclude(drug, parsed, findings, 'interaction', others.length === 0);
    if (conclusion.outcome === 'NONE_KNOWN' && otherUnknown.length > 0) {
      return {
        ...conclusion,
        outcome: 'NOT_CHECKED',
        notChecked: otherUnknown,
        message: `Not checked against ${otherUnknown.join(', ')}: not in the drug table. Check these yourself.`,
      };
    }
    return conclusion;
  });
}

function cap(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function conclude(
  drug: string,
  parsed: ParsedDrug,
  findings: SafetyFinding[],
  kind: 'allergy' | 'interaction',
  nothingToCompare: boolean,
): DrugCheck {
  findings.sort(worstFirst);
  if (findings.length > 0) {
    return {
      drug,
      outcome: 'FOUND',
      findings,
      notChecked: parsed.unknown,
      message: `${findings[0]!.severity === 'CONTRAINDICATED' ? 'Contraindicated' : findings[0]!.severity === 'MAJOR' ? 'Major' : 'Moderate'} ${kind === 'allergy' ? 'allergy risk' : 'interaction'}: ${findings[0]!.reason}`,
    };
  }
  if (parsed.unknown.length > 0) {
    return {
      drug,
      outcome: 'NOT_CHECKED',
      findings,
      notChecked: parsed.unknown,
      message: `Not checked: ${parsed.unknown.join(', ')} is not in the drug table. Check ${kind === 'allergy' ? 'allergies' : 'interactions'} yourself.`,
    };
  }
  return {
    drug,
    outcome: 'NONE_KNOWN',
    findings,
    notChecked: [],
    message:
      kind === 'allergy'
        ? nothingToCompare
          ? 'No allergies recorded for this patient.'
          : 'No known allergy risk.'
        : nothingToCompare
          ? 'No other medicines to check against.'
          : 'No known interaction.',
  };
}

/** The worst severity among the findings, or null. */
export function worstSeverity(checks: readonly DrugCheck[]): InteractionSeverity | null {
  const all = checks.flatMap((c) => c.findings).sort(worstFirst);
  return all[0]?.severity ?? null;
}
