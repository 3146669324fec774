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
const AAAAI = 'AAAAI/ACAAI Drug allergy: a 2022 practice parameter update. J Allergy Clin Immunol 2022;150(6):1333–93';
const AAAAI_DATE = '2022-12-01';
const FDA_CLOPIDOGREL = 'US FDA Drug Safety Communication: clopidogrel and omeprazole (2009, label update 2010)';

export const DRUG_CLASSES = {
  penicillins: 'Penicillins',
  cephalosporins: 'Cephalosporins',
  carbapenems: 'Carbapenems',
  sulfonamideAntibiotics: 'Sulfonamide antibiotics',
  macrolides: 'Macrolides',
  fluoroquinolones: 'Fluoroquinolones',
  nsaids: 'NSAIDs',
  statins: 'Statins',
  aceInhibitors: 'ACE inhibitors',
  arbs: 'Angiotensin receptor blockers',
  potassiumSparing: 'Potassium-sparing diuretics',
  ppis: 'Proton pump inhibitors',
  azoleAntifungals: 'Azole antifungals',
  cyp3a4Inhibitors: 'Strong CYP3A4 inhibitors',
  cyp3a4Inducers: 'CYP3A4 inducers',
  cyp1a2Inhibitors: 'CYP1A2 inhibitors',
  qtProlonging: 'QT-prolonging drugs',
  ssris: 'SSRIs',
  maoInhibitors: 'MAO inhibitors',
  serotonergic: 'Serotonergic drugs',
  triptans: 'Triptans',
  nitrates: 'Nitrates',
  pde5Inhibitors: 'PDE-5 inhibitors',
  anticoagulants: 'Oral anticoagulants',
  antiplatelets: 'Antiplatelets',
  sulfonylureas: 'Sulfonylureas',
  ergotAlkaloids: 'Ergot alkaloids',
  opioids: 'Opioids',
  benzodiazepines: 'Benzodiazepines',
  tetracyclines: 'Tetracyclines',
  aminoglycosides: 'Aminoglycosides',
} as const;
export type DrugClass = keyof typeof DRUG_CLASSES;

export type Ingredient = { name: string; classes: readonly DrugClass[]; aliases?: readonly string[] };

const i = (name: string, classes: DrugClass[] = [], aliases: string[] = []): Ingredient => ({ name, classes, aliases });

export const INGREDIENTS: readonly Ingredient[] = [
  i('amoxicillin', ['penicillins'], ['amoxycillin']),
  i('ampicillin', ['penicillins']),
  i('cloxacillin', ['penicillins']),
  i('benzathine penicillin', ['penicillins'], ['penicillin g', 'benzylpenicillin']),
  i('phenoxymethylpenicillin', ['penicillins'], ['penicillin v']),
  i('piperacillin', ['penicillins']),
  i('clavulanic acid', [], ['clavulanate', 'potassium clavulanate']),
  i('tazobactam'),
  i('cefalexin', ['cephalosporins'], ['cephalexin']),
  i('cefixime', ['cephalosporins']),
  i('cefuroxime', ['cephalosporins']),
  i('cefpodoxime', ['cephalosporins']),
  i('ceftriaxone', ['cephalosporins']),
  i('cefotaxime', ['cephalosporins']),
  i('meropenem', ['carbapenems']),
  i('sulfamethoxazole', ['sulfonamideAntibiotics'], ['sulphamethoxazole']),
  i('trimethoprim'),
  i('cotrimoxazole', ['sulfonamideAntibiotics'], ['co-trimoxazole']),
  i('azithromycin', ['macrolides', 'qtProlonging']),
  i('clarithromycin', ['macrolides', 'cyp3a4Inhibitors', 'qtProlonging']),
  i('erythromycin', ['macrolides', 'cyp3a4Inhibitors', 'qtProlonging']),
  i('ciprofloxacin', ['fluoroquinolones', 'cyp1a2Inhibitors']),
  i('levofloxacin', ['fluoroquinolones', 'qtProlonging']),
  i('ofloxacin', ['fluoroquinolones']),
  i('moxifloxacin', ['fluoroquinolones', 'qtProlonging']),
  i('doxycycline', ['tetracyclines']),
  i('gentamicin', ['aminoglycosides']),
  i('amikacin', ['aminoglycosides']),
  i('metronidazole'),
  i('ornidazole'),
  i('nitrofurantoin'),
  i('linezolid', ['maoInhibitors']),
  i('rifampicin', ['cyp3a4Inducers'], ['rifampin']),
  i('isoniazid'),
  i('fluconazole', ['azoleAntifungals', 'qtProlonging']),
  i('ketoconazole', ['azoleAntifungals', 'cyp3a4Inhibitors']),
  i('itraconazole', ['azoleAntifungals', 'cyp3a4Inhibitors']),
  i('ritonavir', ['cyp3a4Inhibitors']),
  i('atazanavir'),
  i('paracetamol', [], ['acetaminophen']),
  i('aspirin', ['nsaids', 'antiplatelets'], ['acetylsalicylic acid']),
  i('ibuprofen', ['nsaids']),
  i('diclofenac', ['nsaids']),
  i('aceclofenac', ['nsaids']),
  i('naproxen', ['nsaids']),
  i('nimesulide', ['nsaids']),
  i('mefenamic acid', ['nsaids']),
  i('etoricoxib', ['nsaids']),
  i('ketorolac', ['nsaids']),
  i('tramadol', ['opioids', 'serotonergic']),
  i('atorvastatin', ['statins']),
  i('rosuvastatin', ['statins']),
  i('simvastatin', ['statins']),
  i('lovastatin', ['statins']),
  i('enalapril', ['aceInhibitors']),
  i('ramipril', ['aceInhibitors']),
  i('lisinopril', ['aceInhibitors']),
  i('telmisartan', ['arbs']),
  i('losartan', ['arbs']),
  i('olmesartan', ['arbs']),
  i('spironolactone', ['potassiumSparing']),
  i('eplerenone', ['potassiumSparing']),
  i('potassium chloride'),
  i('amlodipine'),
  i('metoprolol'),
  i('atenolol'),
  i('hydrochlorothiazide'),
  i('furosemide', [], ['frusemide']),
  i('digoxin'),
  i('amiodarone', ['qtProlonging']),
  i('isosorbide mononitrate', ['nitrates']),
  i('isosorbide dinitrate', ['nitrates']),
  i('nitroglycerin', ['nitrates'], ['glyceryl trinitrate']),
  i('sildenafil', ['pde5Inhibitors']),
  i('tadalafil', ['pde5Inhibitors']),
  i('warfarin', ['anticoagulants']),
  i('acenocoumarol', ['anticoagulants'], ['nicoumalone']),
  i('clopidogrel', ['antiplatelets']),
  i('metformin'),
  i('glimepiride', ['sulfonylureas']),
  i('gliclazide', ['sulfonylureas']),
  i('glibenclamide', ['sulfonylureas'], ['glyburide']),
  i('bosentan'),
  i('sitagliptin'),
  i('vildagliptin'),
  i('insulin', [], ['insulin glargine', 'human insulin', 'regular insulin']),
  i('levothyroxine', [], ['thyroxine']),
  i('omeprazole', ['ppis']),
  i('pantoprazole', ['ppis']),
  i('rabeprazole', ['ppis']),
  i('esomeprazole', ['ppis']),
  i('ranitidine'),
  i('famotidine'),
  i('domperidone', ['qtProlonging']),
  i('ondansetron', ['qtProlonging']),
  i('cetirizine'),
  i('levocetirizine'),
  i('montelukast'),
  i('salbutamol', [], ['albuterol']),
  i('theophylline'),
  i('prednisolone'),
  i('dexamethasone'),
  i('methotrexate'),
  i('hydroxychloroquine', ['qtProlonging']),
  i('chloroquine', ['qtProlonging']),
  i('allopurinol'),
  i('azathioprine'),
  i('lithium', [], ['lithium carbonate']),
  i('fluoxetine', ['ssris', 'serotonergic']),
  i('sertraline', ['ssris', 'serotonergic']),
  i('escitalopram', ['ssris', 'serotonergic', 'qtProlonging']),
  i('fluvoxamine', ['ssris', 'serotonergic', 'cyp1a2Inhibitors']),
  i('selegiline', ['maoInhibitors']),
  i('rasagiline', ['maoInhibitors']),
  i('sumatriptan', ['triptans', 'serotonergic']),
  i('ergotamine', ['ergotAlkaloids']),
  i('tizanidine'),
  i('ramelteon'),
  i('alprazolam', ['benzodiazepines']),
  i('clonazepam', ['benzodiazepines']),
  i('diazepam', ['benzodiazepines']),
  i('carbamazepine', ['cyp3a4Inducers']),
  i('phenytoin', ['cyp3a4Inducers']),
  i('haloperidol', ['qtProlonging']),
  i('pimozide', ['qtProlonging']),
  i('ivermectin'),
  i('albendazole'),
  i('vitamin d3', [], ['cholecalciferol']),
  i('calcium carbonate'),
  i('ferrous sulphate', [], ['ferrous sulfate']),
  i('folic acid'),
  i('oral rehydration salts', [], ['ors']),
];

/** A drug or class an allergy or interaction rule names: `class:nsaids` or an ingredient name. */
export type Term = `class:${DrugClass}` | string;

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
