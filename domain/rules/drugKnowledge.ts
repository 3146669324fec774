import type { InteractionSeverity } from '../enums.ts';

/**
 * The drug knowledge table that ships with the app: ingredients (generic/salt names, lower case) with
 * their classes, the allergy cross-reactions by class, and the drug–drug interactions. Every rule
 * carries its source and the date of that source; the checks (drugSafety.ts) answer FOUND,
 * NONE_KNOWN or NOT_CHECKED — an ingredient this table does not know is never passed silently.
 * The interactions start from the high-priority list for EHRs (Phansalkar et al., JAMIA 2012) and
 * add the combinations common in Indian prescribing.
 */

export const PHANSALKAR_2012 =
  'Phansalkar S et al. High-priority drug–drug interactions for use in electronic health records. J Am Med Inform Assoc 2012;19(5):735–43';
const PHANSALKAR_DATE = '2012-09-01';
const BNF = 'British National Formulary, Appendix 1 (Interactions)';
const BNF_DATE = '2024-09-01';
const NFI = 'National Formulary of India, 6th edition (Indian Pharmacopoeia Commission)';
const NFI_DATE = '2021-01-01';
const FDA_CLOPIDOGREL = 'US FDA Drug Safety Communication: clopidogrel and omeprazole (2009, label update 2010)';

export { DRUG_CLASSES, INGREDIENTS, type DrugClass, type Ingredient } from './drugIngredients.ts';
import type { DrugClass } from './drugIngredients.ts';

/** A drug or class an allergy or interaction rule names: `class:nsaids` or an ingredient name. */
export type Term = `class:${DrugClass}` | string;

export { ALLERGY_RULES, ALLERGY_WORDS, type AllergyRule } from './drugAllergies.ts';

export type InteractionRule = {
  a: Term;
  b: Term;
  severity: InteractionSeverity;
  reason: string;
  source: string;
  date: string;
};

const x = (
  a: Term,
  b: Term,
  severity: InteractionSeverity,
  reason: string,
  source: string,
  date: string,
): InteractionRule => ({
  a,
  b,
  severity,
  reason,
  source,
  date,
});
const P = (a: Term, b: Term, severity: InteractionSeverity, reason: string) =>
  x(a, b, severity, reason, PHANSALKAR_2012, PHANSALKAR_DATE);

export const INTERACTION_RULES: readonly InteractionRule[] = [
  // The high-priority list (Phansalkar et al., 2012).
  P(
    'atazanavir',
    'class:ppis',
    'CONTRAINDICATED',
    'Proton pump inhibitors greatly lower atazanavir absorption; the antiretroviral may fail.',
  ),
  P(
    'bosentan',
    'glibenclamide',
    'CONTRAINDICATED',
    'Raised liver enzymes and liver injury; glibenclamide also lowers bosentan levels.',
  ),
  P(
    'class:ergotAlkaloids',
    'class:cyp3a4Inhibitors',
    'CONTRAINDICATED',
    'Ergotism: strong CYP3A4 inhibitors raise ergot levels, risking limb and organ ischaemia.',
  ),
  P(
    'simvastatin',
    'class:cyp3a4Inhibitors',
    'CONTRAINDICATED',
    'Strong CYP3A4 inhibitors raise simvastatin levels many-fold: myopathy and rhabdomyolysis.',
  ),
  P(
    'lovastatin',
    'class:cyp3a4Inhibitors',
    'CONTRAINDICATED',
    'Strong CYP3A4 inhibitors raise lovastatin levels many-fold: myopathy and rhabdomyolysis.',
  ),
  P(
    'class:maoInhibitors',
    'class:ssris',
    'CONTRAINDICATED',
    'Serotonin syndrome: MAO inhibitors with SSRIs can be fatal.',
  ),
  P(
    'class:maoInhibitors',
    'tramadol',
    'CONTRAINDICATED',
    'Serotonin syndrome and seizures with tramadol and an MAO inhibitor.',
  ),
  P(
    'class:maoInhibitors',
    'class:triptans',
    'CONTRAINDICATED',
    'MAO-A inhibition raises triptan levels; serotonin toxicity.',
  ),
  P('ramelteon', 'fluvoxamine', 'CONTRAINDICATED', 'Fluvoxamine raises ramelteon exposure about 190-fold.'),
  P(
    'rifampicin',
    'ritonavir',
    'CONTRAINDICATED',
    'Rifampicin lowers protease inhibitor levels (treatment failure); hepatotoxicity with boosted regimens.',
  ),
  P(
    'tizanidine',
    'class:cyp1a2Inhibitors',
    'CONTRAINDICATED',
    'CYP1A2 inhibitors (ciprofloxacin, fluvoxamine) raise tizanidine levels: severe hypotension and sedation.',
  ),
  P(
    'pimozide',
    'class:cyp3a4Inhibitors',
    'CONTRAINDICATED',
    'Raised pimozide levels: QT prolongation and torsades de pointes.',
  ),
  P(
    'class:qtProlonging',
    'class:qtProlonging',
    'MAJOR',
    'Two QT-prolonging drugs together add to the risk of torsades de pointes; check the ECG and electrolytes.',
  ),
  // Common in Indian prescribing.
  x(
    'class:nitrates',
    'class:pde5Inhibitors',
    'CONTRAINDICATED',
    'Profound, possibly fatal hypotension.',
    BNF,
    BNF_DATE,
  ),
  x(
    'class:anticoagulants',
    'class:nsaids',
    'MAJOR',
    'Bleeding risk: NSAIDs injure the gut and impair platelets while anticoagulated.',
    BNF,
    BNF_DATE,
  ),
  x(
    'class:anticoagulants',
    'metronidazole',
    'MAJOR',
    'Metronidazole raises the INR with warfarin and acenocoumarol; bleeding.',
    NFI,
    NFI_DATE,
  ),
  x(
    'class:anticoagulants',
    'class:azoleAntifungals',
    'MAJOR',
    'Azole antifungals raise the INR with warfarin and acenocoumarol; bleeding.',
    NFI,
    NFI_DATE,
  ),
  x(
    'class:anticoagulants',
    'class:antiplatelets',
    'MAJOR',
    'Added bleeding risk; use together only with a clear indication and review.',
    BNF,
    BNF_DATE,
  ),
  x(
    'methotrexate',
    'class:nsaids',
    'MAJOR',
    'NSAIDs reduce methotrexate clearance: marrow suppression and mucositis.',
    BNF,
    BNF_DATE,
  ),
  x(
    'methotrexate',
    'trimethoprim',
    'CONTRAINDICATED',
    'Both are antifolates: severe marrow suppression.',
    BNF,
    BNF_DATE,
  ),
  x(
    'methotrexate',
    'cotrimoxazole',
    'CONTRAINDICATED',
    'Both are antifolates: severe marrow suppression.',
    BNF,
    BNF_DATE,
  ),
  x(
    'clarithromycin',
    'atorvastatin',
    'MAJOR',
    'Clarithromycin raises atorvastatin levels: myopathy; keep atorvastatin at 20 mg or less, or pause it.',
    BNF,
    BNF_DATE,
  ),
  x(
    'class:aceInhibitors',
    'class:potassiumSparing',
    'MAJOR',
    'Hyperkalaemia; check potassium and renal function.',
    BNF,
    BNF_DATE,
  ),
  x('class:aceInhibitors', 'potassium chloride', 'MAJOR', 'Hyperkalaemia; check potassium.', BNF, BNF_DATE),
  x(
    'class:arbs',
    'class:potassiumSparing',
    'MAJOR',
    'Hyperkalaemia; check potassium and renal function.',
    BNF,
    BNF_DATE,
  ),
  x(
    'class:aceInhibitors',
    'class:arbs',
    'MAJOR',
    'Dual blockade of the renin–angiotensin system: hyperkalaemia, hypotension, renal failure.',
    BNF,
    BNF_DATE,
  ),
  x(
    'digoxin',
    'amiodarone',
    'MAJOR',
    'Amiodarone raises digoxin levels: halve the digoxin dose and monitor.',
    BNF,
    BNF_DATE,
  ),
  x('class:ssris', 'tramadol', 'MAJOR', 'Serotonin syndrome and a lower seizure threshold.', BNF, BNF_DATE),
  x(
    'theophylline',
    'ciprofloxacin',
    'MAJOR',
    'Ciprofloxacin raises theophylline levels: seizures and arrhythmia.',
    NFI,
    NFI_DATE,
  ),
  x(
    'domperidone',
    'class:cyp3a4Inhibitors',
    'CONTRAINDICATED',
    'Raised domperidone levels: QT prolongation and arrhythmia.',
    BNF,
    BNF_DATE,
  ),
  x(
    'class:sulfonylureas',
    'fluconazole',
    'MODERATE',
    'Fluconazole raises sulfonylurea levels: hypoglycaemia.',
    NFI,
    NFI_DATE,
  ),
  x(
    'clopidogrel',
    'omeprazole',
    'MODERATE',
    'Omeprazole and esomeprazole reduce clopidogrel activation; prefer pantoprazole.',
    FDA_CLOPIDOGREL,
    '2010-03-01',
  ),
  x(
    'clopidogrel',
    'esomeprazole',
    'MODERATE',
    'Omeprazole and esomeprazole reduce clopidogrel activation; prefer pantoprazole.',
    FDA_CLOPIDOGREL,
    '2010-03-01',
  ),
  x('lithium', 'class:nsaids', 'MAJOR', 'NSAIDs raise lithium levels: toxicity.', BNF, BNF_DATE),
  x('lithium', 'class:aceInhibitors', 'MAJOR', 'ACE inhibitors raise lithium levels: toxicity.', BNF, BNF_DATE),
  x(
    'allopurinol',
    'azathioprine',
    'MAJOR',
    'Allopurinol blocks azathioprine breakdown: marrow suppression; cut azathioprine to a quarter.',
    BNF,
    BNF_DATE,
  ),
  x(
    'class:nsaids',
    'class:nsaids',
    'MODERATE',
    'Two NSAIDs together add gut bleeding and kidney risk without more relief.',
    NFI,
    NFI_DATE,
  ),
  x(
    'rifampicin',
    'class:anticoagulants',
    'MAJOR',
    'Rifampicin lowers warfarin and acenocoumarol effect: clots; monitor the INR closely.',
    NFI,
    NFI_DATE,
  ),
  x(
    'class:cyp3a4Inducers',
    'class:statins',
    'MODERATE',
    'Enzyme inducers lower statin levels; the lipid target may be missed.',
    BNF,
    BNF_DATE,
  ),
  x('class:benzodiazepines', 'class:opioids', 'MAJOR', 'Profound sedation and breathing depression.', BNF, BNF_DATE),
  x('class:aminoglycosides', 'furosemide', 'MODERATE', 'Added ototoxicity and nephrotoxicity.', BNF, BNF_DATE),
];
