import { HOSPITAL_TYPES, HOSPITAL_TYPE_LABELS, SPECIALIZATIONS, SPECIALIZATION_LABELS } from '../../../domain/enums.ts';
import { hospitalSearchQuery, type Hospital } from '../../../domain/schemas/hospitals.ts';
import { directoryApi } from '../../api/directory.ts';
import { bookingPaths, providerPaths } from './pages/paths.ts';
import { DirectoryScreen, type DirectoryConfig } from './DirectoryScreen.tsx';
import { optionsOf } from './options.ts';

export const hospitalsDirectory: DirectoryConfig<Hospital> = {
  kind: 'hospitals',
  title: 'Hospitals',
  noun: 'hospitals',
  searchLabel: 'Name, city or specialty',
  search: directoryApi.searchHospitals,
  querySchema: hospitalSearchQuery,
  filters: [
    {
      type: 'select',
      param: 'hospitalType',
      label: 'Type',
      anyLabel: 'All types',
      options: optionsOf(HOSPITAL_TYPES, HOSPITAL_TYPE_LABELS),
    },
    {
      type: 'multi',
      param: 'specialties',
      label: 'Specialties',
      anyLabel: 'Any specialty',
      options: optionsOf(SPECIALIZATIONS, SPECIALIZATION_LABELS),
    },
    {
      type: 'terms',
      param: 'insurancePartners',
      label: 'Insurance partners',
      hint: 'Any of them; separate them with commas, e.g. CGHS, ECHS',
    },
    { type: 'flag', param: 'emergencyServices', label: 'Emergency' },
    { type: 'flag', param: 'icuAvailability', label: 'ICU' },
    { type: 'flag', param: 'ambulanceService', label: 'Ambulance' },
  ],
  sorts: [
    { value: 'name:asc', label: 'Name (A–Z)' },
    { value: 'rating:desc', label: 'Rating (highest first)' },
    { value: 'totalBeds:desc', label: 'Beds (most first)' },
  ],
  bookPath: (h) => bookingPaths.hospital(h.id),
  pagePath: (h) => providerPaths.hospital(h.id),
  summary: (h) => ({
    subtitle: HOSPITAL_TYPE_LABELS[h.hospitalType],
    badges: [
      ...(h.emergencyServices ? ['Emergency'] : []),
      ...(h.icuAvailability ? ['ICU'] : []),
      ...(h.ambulanceService ? ['Ambulance'] : []),
      ...(h.totalBeds ? [`${h.totalBeds.toLocaleString('en-IN')} beds`] : []),
    ],
  }),
};

/** The hospitals directory for Admins and Users. */
export function HospitalsScreen() {
  return <DirectoryScreen config={hospitalsDirectory} />;
}
