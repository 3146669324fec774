import {
  CONSULTATION_CHANNELS,
  CONSULTATION_CHANNEL_LABELS,
  GENDERS,
  GENDER_LABELS,
  LANGUAGES,
  LANGUAGE_LABELS,
  SPECIALIZATIONS,
  SPECIALIZATION_LABELS,
} from '../../../domain/enums.ts';
import { formatINR } from '../../../domain/rules/format.ts';
import {
  MAX_CONSULTATION_FEE,
  MAX_EXPERIENCE_YEARS,
  doctorSearchQuery,
  type Doctor,
} from '../../../domain/schemas/doctors.ts';
import { directoryApi } from '../../api/directory.ts';
import { bookingPaths, providerPaths } from './pages/paths.ts';
import { DirectoryScreen, type DirectoryConfig } from './DirectoryScreen.tsx';
import { labelsOf, optionsOf } from './options.ts';

export const doctorsDirectory: DirectoryConfig<Doctor> = {
  kind: 'doctors',
  title: 'Doctors',
  noun: 'doctors',
  searchLabel: 'Name, city or specialisation',
  search: directoryApi.searchDoctors,
  querySchema: doctorSearchQuery,
  filters: [
    {
      type: 'multi',
      param: 'specializations',
      label: 'Specialisations',
      anyLabel: 'Any specialisation',
      options: optionsOf(SPECIALIZATIONS, SPECIALIZATION_LABELS),
    },
    {
      type: 'multi',
      param: 'languagesSpoken',
      label: 'Languages',
      anyLabel: 'Any language',
      options: optionsOf(LANGUAGES, LANGUAGE_LABELS),
    },
    {
      type: 'select',
      param: 'availability',
      label: 'Consults',
      anyLabel: 'Online or offline',
      options: optionsOf(CONSULTATION_CHANNELS, CONSULTATION_CHANNEL_LABELS),
    },
    {
      type: 'select',
      param: 'gender',
      label: 'Gender',
      anyLabel: 'Any gender',
      options: optionsOf(GENDERS, GENDER_LABELS),
    },
    { type: 'number', param: 'minExperience', label: 'Minimum experience (years)', min: 0, max: MAX_EXPERIENCE_YEARS },
    {
      type: 'number',
      param: 'maxConsultationFee',
      label: 'Maximum fee (₹)',
      min: 0,
      max: MAX_CONSULTATION_FEE,
      step: 50,
    },
    {
      type: 'terms',
      param: 'insuranceAccepted',
      label: 'Insurance accepted',
      hint: 'Any of them; separate them with commas, e.g. CGHS, ECHS',
    },
    { type: 'flag', param: 'telemedicineAvailable', label: 'Telemedicine' },
  ],
  sorts: [
    { value: 'name:asc', label: 'Name (A–Z)' },
    { value: 'rating:desc', label: 'Rating (highest first)' },
    { value: 'experienceYears:desc', label: 'Experience (most first)' },
    { value: 'consultationFee:asc', label: 'Fee (lowest first)' },
  ],
  bookPath: (d) => bookingPaths.doctor(d.id),
  pagePath: (d) => providerPaths.doctor(d.slug),
  summary: (d) => ({
    subtitle: labelsOf(d.specializations, SPECIALIZATION_LABELS).join(', '),
    badges: [CONSULTATION_CHANNEL_LABELS[d.availability], ...(d.telemedicineAvailable ? ['Telemedicine'] : [])],
    facts: [
      { label: 'Experience', value: `${d.experienceYears} ${d.experienceYears === 1 ? 'year' : 'years'}` },
      { label: 'Fee', value: d.consultationFee === null ? 'Not listed' : formatINR(d.consultationFee) },
      {
        label: 'Languages',
        value: d.languagesSpoken.length ? labelsOf(d.languagesSpoken, LANGUAGE_LABELS).join(', ') : 'Not listed',
      },
    ],
  }),
};

/** The doctors directory for Admins and Users. */
export function DoctorsScreen() {
  return <DirectoryScreen config={doctorsDirectory} />;
}
