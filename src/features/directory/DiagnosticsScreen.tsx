import {
  ACCREDITATIONS,
  ACCREDITATION_LABELS,
  DIAGNOSTICS_FACILITY_TYPES,
  DIAGNOSTICS_FACILITY_TYPE_LABELS,
  DIAGNOSTIC_TEST_TYPES,
  DIAGNOSTIC_TEST_TYPE_LABELS,
  EQUIPMENT_KINDS,
  EQUIPMENT_KIND_LABELS,
} from '../../../domain/enums.ts';
import { diagnosticsSearchQuery, type DiagnosticsCentre } from '../../../domain/schemas/diagnostics.ts';
import { directoryApi } from '../../api/directory.ts';
import { providerPaths } from './pages/paths.ts';
import { DirectoryScreen, type DirectoryConfig } from './DirectoryScreen.tsx';
import { labelsOf, optionsOf } from './options.ts';

export const diagnosticsDirectory: DirectoryConfig<DiagnosticsCentre> = {
  kind: 'diagnostics',
  title: 'Diagnostics',
  noun: 'diagnostics centres',
  searchLabel: 'Name, city or test',
  search: directoryApi.searchDiagnostics,
  querySchema: diagnosticsSearchQuery,
  filters: [
    {
      type: 'select',
      param: 'facilityType',
      label: 'Facility type',
      anyLabel: 'All types',
      options: optionsOf(DIAGNOSTICS_FACILITY_TYPES, DIAGNOSTICS_FACILITY_TYPE_LABELS),
    },
    {
      type: 'multi',
      param: 'testsAvailable',
      label: 'Tests',
      anyLabel: 'Any test',
      options: optionsOf(DIAGNOSTIC_TEST_TYPES, DIAGNOSTIC_TEST_TYPE_LABELS),
    },
    {
      type: 'multi',
      param: 'equipmentAvailable',
      label: 'Equipment',
      anyLabel: 'Any equipment',
      options: optionsOf(EQUIPMENT_KINDS, EQUIPMENT_KIND_LABELS),
    },
    {
      type: 'multi',
      param: 'accreditations',
      label: 'Accreditations',
      anyLabel: 'Any accreditation',
      options: optionsOf(ACCREDITATIONS, ACCREDITATION_LABELS),
    },
    {
      type: 'terms',
      param: 'insuranceAccepted',
      label: 'Insurance accepted',
      hint: 'Any of them; separate them with commas, e.g. CGHS, ECHS',
    },
    { type: 'flag', param: 'hasHomeCollection', label: 'Home collection' },
    { type: 'flag', param: 'hasEmergencyService', label: 'Emergency service' },
  ],
  sorts: [
    { value: 'name:asc', label: 'Name (A–Z)' },
    { value: 'rating:desc', label: 'Rating (highest first)' },
  ],
  pagePath: (c) => providerPaths.diagnostics(c.id),
  summary: (c) => ({
    subtitle: DIAGNOSTICS_FACILITY_TYPE_LABELS[c.facilityType],
    badges: c.hasEmergencyService ? ['Emergency service'] : [],
    facts: [
      { label: 'Home collection', value: c.hasHomeCollection ? 'Yes' : 'No' },
      {
        label: 'Accreditations',
        value: c.accreditations.length ? labelsOf(c.accreditations, ACCREDITATION_LABELS).join(', ') : 'None listed',
      },
    ],
  }),
};

/** The diagnostics centres directory for Admins and Users. */
export function DiagnosticsScreen() {
  return <DirectoryScreen config={diagnosticsDirectory} />;
}
