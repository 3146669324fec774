/**
 * The verification catalogue: which papers each kind of provider shows (required always, or when its
 * profile claims what a paper proves), which expire, the usual issuing authority and what the number
 * is called. domain/rules/verification.ts builds the checklist and the listing from it.
 */
import type { DocumentType, ProviderKind } from '../enums.ts';

/** What a provider's profile says of itself that makes a further document required. */
export type ProviderFacts = {
  /** Accreditations it claims (diagnostics: NABL, ISO…; hospital: NABH…). */
  accreditations?: readonly string[];
  /** Equipment it lists (diagnostics). */
  equipment?: readonly string[];
  /** It runs a blood bank (hospital). */
  bloodBank?: boolean;
};

export type CatalogueEntry = {
  documentType: DocumentType;
  /** Required always, or when the profile claims what it proves. */
  required: boolean | ((facts: ProviderFacts) => boolean);
  /** Why it is required when that depends on the profile, as the checklist says it. */
  requiredBecause?: string;
  /** Whether it carries an expiry date (then the date is asked for, and watched). */
  expires: boolean;
  /** The usual issuing authority, offered as a hint in the form. */
  issuingAuthority: string;
  /** Which number to write ("Registration number", "Licence number (form 20/21)"). */
  numberLabel: string;
};

const claims = (list: readonly string[] | undefined, item: string) => (list ?? []).includes(item);
const IMAGING_WITH_RADIATION = ['X_RAY_MACHINE', 'CT_SCANNER', 'MAMMOGRAPHY_MACHINE', 'DEXA_SCANNER', 'PET_SCANNER'];

const PAN: CatalogueEntry = {
  documentType: 'PAN_CARD',
  required: true,
  expires: false,
  issuingAuthority: 'Income Tax Department',
  numberLabel: 'PAN',
};
const GST: CatalogueEntry = {
  documentType: 'GST_REGISTRATION',
  required: true,
  expires: false,
  issuingAuthority: 'GST Network (GSTN)',
  numberLabel: 'GSTIN',
};
const CLINICAL_ESTABLISHMENT: CatalogueEntry = {
  documentType: 'CLINICAL_ESTABLISHMENT_REGISTRATION',
  required: true,
  expires: true,
  issuingAuthority: 'State / district registering authority (Clinical Establishments Act)',
  numberLabel: 'Registration number',
};
const BIOMEDICAL_WASTE: CatalogueEntry = {
  documentType: 'BIOMEDICAL_WASTE_AUTHORIZATION',
  required: true,
  expires: true,
  issuingAuthority: 'State pollution control board',
  numberLabel: 'Authorisation number',
};
export const optional = (
  documentType: DocumentType,
  expires: boolean,
  issuingAuthority: string,
  numberLabel = 'Number',
): CatalogueEntry => ({ documentType, required: false, expires, issuingAuthority, numberLabel });

/** The papers each kind of provider shows, required first. */
export const VERIFICATION_CATALOGUE: Record<ProviderKind, readonly CatalogueEntry[]> = {
  HOSPITAL: [
    CLINICAL_ESTABLISHMENT,
    {
      documentType: 'FIRE_NOC',
      required: true,
      expires: true,
      issuingAuthority: 'State fire and emergency services',
      numberLabel: 'NOC number',
    },
    BIOMEDICAL_WASTE,
    PAN,
    GST,
    {
      documentType: 'NABH_ACCREDITATION',
      required: (facts) => claims(facts.accreditations, 'NABH'),
      requiredBecause: 'your profile claims NABH accreditation',
      expires: true,
      issuingAuthority: 'NABH (Quality Council of India)',
      numberLabel: 'Certificate number',
    },
    {
      documentType: 'BLOOD_BANK_LICENSE',
      required: (facts) => facts.bloodBank === true,
      requiredBecause: 'your profile lists a blood bank',
      expires: true,
      issuingAuthority: 'State drugs controller / CDSCO',
      numberLabel: 'Licence number',
    },
    optional('NURSING_HOME_REGISTRATION', true, 'State health department', 'Registration number'),
    optional('POLLUTION_CONTROL_CONSENT', true, 'State pollution control board', 'Consent number'),
    optional('PCPNDT_REGISTRATION', true, 'District appropriate authority (PC-PNDT Act)', 'Registration number'),
    optional('AERB_LICENSE', true, 'Atomic Energy Regulatory Board (eLORA)', 'Licence number'),
    optional('BUILDING_OCCUPANCY_CERTIFICATE', false, 'Municipal corporation', 'Certificate number'),
    optional('TRADE_LICENSE', true, 'Municipal corporation', 'Licence number'),
    optional('INCORPORATION_CERTIFICATE', false, 'Ministry of Corporate Affairs', 'CIN'),
    optional('CANCELLED_CHEQUE', false, 'Your bank', 'Account number (last 4 digits)'),
  ],
  DOCTOR: [
    {
      documentType: 'MEDICAL_COUNCIL_REGISTRATION',
      required: true,
      expires: true,
      issuingAuthority: 'National Medical Commission or the state medical council',
      numberLabel: 'Registration number',
    },
    {
      documentType: 'MEDICAL_DEGREE_CERTIFICATE',
      required: true,
      expires: false,
      issuingAuthority: 'The university that awarded the degree',
      numberLabel: 'Certificate number',
    },
    PAN,
    optional('SPECIALIZATION_CERTIFICATE', false, 'The university or the National Board (NBEMS)', 'Certificate number'),
    optional('PROFESSIONAL_INDEMNITY_INSURANCE', true, 'Your insurer', 'Policy number'),
    optional('AADHAR_CARD', false, 'UIDAI (upload the masked Aadhaar)', 'Last 4 digits'),
  ],
  DIAGNOSTICS: [
    CLINICAL_ESTABLISHMENT,
    BIOMEDICAL_WASTE,
    PAN,
    GST,
    {
      documentType: 'NABL_ACCREDITATION',
      required: (facts) => claims(facts.accreditations, 'NABL'),
      requiredBecause: 'your profile claims NABL accreditation',
      expires: true,
      issuingAuthority: 'NABL (Quality Council of India)',
      numberLabel: 'Certificate number',
    },
    {
      documentType: 'PCPNDT_REGISTRATION',
      required: (facts) => claims(facts.equipment, 'ULTRASOUND_MACHINE'),
      requiredBecause: 'your profile lists an ultrasound machine',
      expires: true,
      issuingAuthority: 'District appropriate authority (PC-PNDT Act)',
      numberLabel: 'Registration number',
    },
    {
      documentType: 'AERB_LICENSE',
      required: (facts) => IMAGING_WITH_RADIATION.some((kind) => claims(facts.equipment, kind)),
      requiredBecause: 'your profile lists X-ray, CT or other radiation equipment',
      expires: true,
      issuingAuthority: 'Atomic Energy Regulatory Board (eLORA)',
      numberLabel: 'Licence number',
    },
    optional('ISO_CERTIFICATION', true, 'An accredited certification body', 'Certificate number'),
    optional('FIRE_NOC', true, 'State fire and emergency services', 'NOC number'),
    optional('TRADE_LICENSE', true, 'Municipal corporation', 'Licence number'),
  ],
  PHARMACY: [
    {
      documentType: 'DRUG_LICENSE',
      required: true,
      expires: true,
      issuingAuthority: 'State drugs control department (forms 20 and 21)',
      numberLabel: 'Licence number (form 20/21)',
    },
    {
      documentType: 'PHARMACIST_REGISTRATION',
      required: true,
      expires: true,
      issuingAuthority: 'State pharmacy council',
      numberLabel: 'Registration number',
    },
    GST,
    PAN,
    optional('WHOLESALE_DRUG_LICENSE', true, 'State drugs control department (forms 20B and 21B)', 'Licence number'),
    optional('NARCOTIC_DRUGS_LICENSE', true, 'State drugs control department (NDPS)', 'Licence number'),
    optional('FSSAI_LICENSE', true, 'Food Safety and Standards Authority of India', 'Licence number'),
    optional('SHOP_ESTABLISHMENT_REGISTRATION', false, 'State labour department', 'Registration number'),
    optional('TRADE_LICENSE', true, 'Municipal corporation', 'Licence number'),
  ],
};

export function catalogueEntry(kind: ProviderKind, documentType: DocumentType): CatalogueEntry | undefined {
  return VERIFICATION_CATALOGUE[kind].find((entry) => entry.documentType === documentType);
}

export function isRequired(entry: CatalogueEntry, facts: ProviderFacts): boolean {
  return typeof entry.required === 'function' ? entry.required(facts) : entry.required;
}
