import {
  MEDICINE_CATEGORIES,
  MEDICINE_CATEGORY_LABELS,
  PHARMACY_SERVICES,
  PHARMACY_SERVICE_LABELS,
  PHARMACY_TYPE_LABELS,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
} from '../../../domain/enums.ts';
import { pharmacySearchQuery, type Pharmacy } from '../../../domain/schemas/pharmacies.ts';
import { directoryApi } from '../../api/directory.ts';
import { providerPaths } from './pages/paths.ts';
import { DirectoryScreen, type DirectoryConfig } from './DirectoryScreen.tsx';
import { optionsOf } from './options.ts';

export const pharmaciesDirectory: DirectoryConfig<Pharmacy> = {
  kind: 'pharmacies',
  title: 'Pharmacies',
  noun: 'pharmacies',
  searchLabel: 'Name, city or service',
  search: directoryApi.searchPharmacies,
  querySchema: pharmacySearchQuery,
  filters: [
    {
      type: 'multi',
      param: 'services',
      label: 'Services',
      anyLabel: 'Any service',
      options: optionsOf(PHARMACY_SERVICES, PHARMACY_SERVICE_LABELS),
    },
    {
      type: 'multi',
      param: 'medicationTypes',
      label: 'Medicines',
      anyLabel: 'Any medicines',
      options: optionsOf(MEDICINE_CATEGORIES, MEDICINE_CATEGORY_LABELS),
    },
    {
      type: 'multi',
      param: 'products',
      label: 'Products',
      anyLabel: 'Any products',
      options: optionsOf(PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS),
    },
    {
      type: 'select',
      param: 'minRating',
      label: 'Rating',
      anyLabel: 'Any rating',
      options: [
        ['3', '3 ★ and above'],
        ['4', '4 ★ and above'],
        ['4.5', '4.5 ★ and above'],
      ],
    },
    { type: 'number', param: 'minReviews', label: 'Minimum reviews', min: 0, max: 1_000_000_000 },
    {
      type: 'terms',
      param: 'insurancePartners',
      label: 'Insurance partners',
      hint: 'Any of them; separate them with commas, e.g. CGHS, ECHS',
    },
    { type: 'flag', param: 'hasHomeDelivery', label: 'Home delivery' },
    { type: 'flag', param: 'hasEmergencyService', label: 'Emergency service' },
  ],
  sorts: [
    { value: 'name:asc', label: 'Name (A–Z)' },
    { value: 'rating:desc', label: 'Rating (highest first)' },
    { value: 'reviewCount:desc', label: 'Reviews (most first)' },
  ],
  pagePath: (p) => providerPaths.pharmacy(p.id),
  summary: (p) => ({
    subtitle: PHARMACY_TYPE_LABELS[p.pharmacyType],
    badges: [
      ...(p.hasHomeDelivery ? ['Home delivery'] : []),
      ...(p.emergencyInfo?.available24x7 ? ['Open 24x7'] : []),
      ...(p.hasEmergencyService ? ['Emergency service'] : []),
    ],
  }),
};

/** The pharmacies directory for Admins and Users. */
export function PharmaciesScreen() {
  return <DirectoryScreen config={pharmaciesDirectory} />;
}
