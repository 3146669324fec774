import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  ACCREDITATION_LABELS,
  DIAGNOSTICS_FACILITY_TYPE_LABELS,
  DIAGNOSTIC_TEST_TYPE_LABELS,
  EQUIPMENT_KIND_LABELS,
  labelOf,
} from '../../../../domain/enums.ts';
import { getDiagnosticsQueryOptions } from '../../../api/diagnostics.ts';
import { useAuth } from '../../../session/AuthContext.ts';
import { DetailList } from '../../../ui/DetailList.tsx';
import { labelsOf } from '../options.ts';
import { backOf } from './backLinks.ts';
import { CentreTests, hoursText } from './CentreTests.tsx';
import { ContactSection, PageSection, ProviderPage, Tags } from './parts.tsx';

/** /diagnostics/:diagnosticsId — a diagnostics centre's public page: tests, turnaround, accreditations. */
export function DiagnosticsPageScreen() {
  const { diagnosticsId = '' } = useParams();
  const { user } = useAuth();
  const centre = useQuery(getDiagnosticsQueryOptions(diagnosticsId));
  const back = backOf('diagnostics', user?.role);
  return (
    <ProviderPage
      query={centre}
      what="the diagnostics centre"
      backTo={back.to}
      backLabel={back.label}
      subtitle={(c) => labelOf(DIAGNOSTICS_FACILITY_TYPE_LABELS, c.facilityType)}
    >
      {(c) => {
        const turnaround = Object.entries(c.resultsTurnaround).filter(
          (entry): entry is [string, number] => typeof entry[1] === 'number',
        );
        return (
          <>
            <PageSection title="About">
              {c.description && <p className="text-sm whitespace-pre-line">{c.description}</p>}
              <DetailList
                rows={[
                  ['Home collection', c.hasHomeCollection ? 'Yes' : 'No'],
                  ['Emergency service', c.hasEmergencyService ? 'Yes' : 'No'],
                  [
                    'Accreditations',
                    <Tags key="a" values={labelsOf(c.accreditations, ACCREDITATION_LABELS)} none="None listed" />,
                  ],
                  ['Licence number', c.licenseNumber],
                ]}
              />
            </PageSection>
            <ContactSection place={c} />
            <PageSection title="Tests offered">
              <CentreTests centreId={c.id} listed={c.testsAvailable} />
            </PageSection>
            <PageSection title="Results turnaround">
              {turnaround.length === 0 ? (
                <p className="text-sm text-base-content/70">No turnaround times given.</p>
              ) : (
                <DetailList
                  rows={turnaround.map(([test, hours]) => [
                    labelOf(DIAGNOSTIC_TEST_TYPE_LABELS, test, test),
                    hoursText(hours),
                  ])}
                />
              )}
            </PageSection>
            <PageSection title="Equipment and insurance" wide>
              <DetailList
                rows={[
                  [
                    'Equipment',
                    <Tags key="e" values={labelsOf(c.equipmentAvailable, EQUIPMENT_KIND_LABELS)} none="Not listed" />,
                  ],
                  ['Insurance accepted', <Tags key="i" values={c.insuranceAccepted} none="Not listed" />],
                ]}
              />
            </PageSection>
          </>
        );
      }}
    </ProviderPage>
  );
}
