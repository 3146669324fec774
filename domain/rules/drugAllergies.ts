import type { InteractionSeverity } from '../enums.ts';
import type { Term } from './drugKnowledge.ts';

/**
 * Allergy cross-reactions of the drug knowledge table (drugKnowledge.ts): the words records use for
 * an allergy to a class, and the reactions between classes. Each rule has its source and date.
 */

const AAAAI = 'AAAAI/ACAAI Drug allergy: a 2022 practice parameter update. J Allergy Clin Immunol 2022;150(6):1333–93';
const AAAAI_DATE = '2022-12-01';

export type AllergyRule = {
  /** The allergy as recorded (a class or an ingredient). */
  allergen: Term;
  /** The drugs it reacts with. */
  reactsWith: Term;
  severity: InteractionSeverity;
  reason: string;
  source: string;
  date: string;
};

/** Words patients and records use for an allergy to a class. */
export const ALLERGY_WORDS: Record<string, Term> = {
  penicillin: 'class:penicillins',
  penicillins: 'class:penicillins',
  pcn: 'class:penicillins',
  cephalosporin: 'class:cephalosporins',
  cephalosporins: 'class:cephalosporins',
  sulfa: 'class:sulfonamideAntibiotics',
  sulpha: 'class:sulfonamideAntibiotics',
  sulfonamide: 'class:sulfonamideAntibiotics',
  sulfonamides: 'class:sulfonamideAntibiotics',
  sulphonamide: 'class:sulfonamideAntibiotics',
  'sulfa drugs': 'class:sulfonamideAntibiotics',
  'sulpha drugs': 'class:sulfonamideAntibiotics',
  nsaid: 'class:nsaids',
  nsaids: 'class:nsaids',
  painkillers: 'class:nsaids',
  statin: 'class:statins',
  statins: 'class:statins',
  macrolide: 'class:macrolides',
  macrolides: 'class:macrolides',
  quinolone: 'class:fluoroquinolones',
  quinolones: 'class:fluoroquinolones',
  fluoroquinolone: 'class:fluoroquinolones',
  fluoroquinolones: 'class:fluoroquinolones',
  'ace inhibitor': 'class:aceInhibitors',
  'ace inhibitors': 'class:aceInhibitors',
};

const a = (
  allergen: Term,
  reactsWith: Term,
  severity: InteractionSeverity,
  reason: string,
  source = AAAAI,
  date = AAAAI_DATE,
): AllergyRule => ({
  allergen,
  reactsWith,
  severity,
  reason,
  source,
  date,
});

/** Cross-reactions beyond the obvious (an allergy to an ingredient or class always reacts with itself: CONTRAINDICATED). */
export const ALLERGY_RULES: readonly AllergyRule[] = [
  a(
    'class:penicillins',
    'class:cephalosporins',
    'MODERATE',
    'Cross-reactivity between penicillins and cephalosporins is about 1–2% (higher with first-generation cephalosporins such as cefalexin); give only if the reaction was not severe, with monitoring.',
  ),
  a(
    'class:penicillins',
    'class:carbapenems',
    'MODERATE',
    'Cross-reactivity between penicillins and carbapenems is under 1%; give with caution after a non-severe reaction.',
  ),
  a(
    'class:cephalosporins',
    'class:penicillins',
    'MODERATE',
    'Cephalosporin allergy carries a small cross-reactivity with penicillins, mostly through shared side chains.',
  ),
  a(
    'aspirin',
    'class:nsaids',
    'MAJOR',
    'Aspirin hypersensitivity (including aspirin-exacerbated respiratory disease) cross-reacts with other COX-1 inhibiting NSAIDs.',
  ),
  a(
    'ibuprofen',
    'class:nsaids',
    'MAJOR',
    'NSAID hypersensitivity commonly cross-reacts with other COX-1 inhibiting NSAIDs.',
  ),
  a(
    'diclofenac',
    'class:nsaids',
    'MAJOR',
    'NSAID hypersensitivity commonly cross-reacts with other COX-1 inhibiting NSAIDs.',
  ),
  a(
    'class:sulfonamideAntibiotics',
    'sulfamethoxazole',
    'CONTRAINDICATED',
    'Sulfonamide antibiotic allergy: sulfamethoxazole is a sulfonamide antibiotic.',
  ),
];
