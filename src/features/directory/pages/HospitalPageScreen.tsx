import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  HOSPITAL_CLASSIFICATION_LABELS,
  HOSPITAL_TYPE_LABELS,
  SPECIALIZATION_LABELS,
  labelOf,
} from '../../../../domain/enums.ts';
import { formatPhone } from '../../../../domain/rules/phone.ts';
import { getHospitalQueryOptions } from '../../../api/hospitals.ts';
import { useAuth } from '../../../session/AuthContext.ts';
import { DetailList } from '../../../ui/DetailList.tsx';
import { labelsOf } from '../options.ts';
import { backOf } from './backLinks.ts';
import { HospitalDoctors } from './HospitalDoctors.tsx';
import { BookAction, ContactSection, PageSection, ProviderPage, Tags } from './parts.tsx';
import { bookingPaths } from './paths.ts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** /hospitals/:hospitalId — a hospital's public page: departments and emergency contacts too. */
export function HospitalPageScreen() {
  const { hospitalId = '' } = useParams();
  const { user } = useAuth();
  const hospital = useQuery(getHospitalQueryOptions(hospitalId));
  const back = backOf('hospitals', user?.role);
  return (
    <ProviderPage
      query={hospital}
      what="the hospital"
      backTo={back.to}
      backLabel={back.label}
      subtitle={(h) =>
        // The type and the classification may read the same ("Multi-speciality"): said once.
        [
          ...new Set([
            labelOf(HOSPITAL_TYPE_LABELS, h.hospitalType),
            h.classification ? labelOf(HOSPITAL_CLASSIFICATION_LABELS, h.classification) : '',
          ]),
        ]
          .filter(Boolean)
          .join(' · ')
      }
      actions={(h) => <BookAction to={bookingPaths.hospital(h.id)} name={h.name} />}
    >
      {(h) => (
        <>
          <PageSection title="About">
            {h.description && <p className="text-sm whitespace-pre-line">{h.description}</p>}
            <DetailList
              rows={[
                ['Emergency', yesNo(h.emergencyServices)],
                ['ICU', yesNo(h.icuAvailability)],
                ['Ambulance', yesNo(h.ambulanceService)],
                ['Beds', h.totalBeds === null ? '' : h.totalBeds.toLocaleString('en-IN')],
                ['Established', h.establishedYear === null ? '' : String(h.establishedYear)],
                ['Registration number', h.registrationNumber],
              ]}
            />
          </PageSection>
          <ContactSection place={h} />
          <HospitalDoctors hospitalId={h.id} />
          <PageSection title="Emergency contacts">
            {h.emergencyContacts.length === 0 ? (
              <p className="text-sm text-base-content/70">No emergency contact listed. Call the hospital’s number.</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {h.emergencyContacts.map((c) => (
                  <li key={c.id}>
                    <span className="font-medium">{c.name}</span>
                    {c.designation ? `, ${c.designation}` : ''}
                    {c.available24x7 ? ' (24×7)' : ''}:{' '}
                    <a className="link link-primary whitespace-nowrap" href={`tel:+91${c.phone}`}>
                      {formatPhone(c.phone)}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </PageSection>
          <PageSection title="Departments">
            {h.departments.length === 0 ? (
              <p className="text-sm text-base-content/70">No department listed yet.</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {h.departments.map((d) => (
                  <li key={d.id}>
                    <span className="font-medium">{d.name}</span>
                    {d.floor ? ` · ${d.floor}` : ''}
                    {d.headOfDepartment ? ` · Head: ${d.headOfDepartment}` : ''}
                    {d.phone && (
                      <>
                        {' · '}
                        <a className="link link-primary whitespace-nowrap" href={`tel:+91${d.phone}`}>
                          {formatPhone(d.phone)}
                        </a>
                      </>
                    )}
                    {d.description && <p className="text-base-content/70">{d.description}</p>}
                  </li>
                ))}
              </ul>
            )}
          </PageSection>
          <PageSection title="Specialities and insurance" wide>
            <DetailList
              rows={[
                [
                  'Specialities',
                  <Tags key="s" values={labelsOf(h.specialties, SPECIALIZATION_LABELS)} none="Not listed" />,
                ],
                ['Insurance partners', <Tags key="i" values={h.insurancePartners} none="Not listed" />],
              ]}
            />
          </PageSection>
        </>
      )}
    </ProviderPage>
  );
}
