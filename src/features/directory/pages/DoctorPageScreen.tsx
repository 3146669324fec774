import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import {
  CONSULTATION_CHANNEL_LABELS,
  GENDER_LABELS,
  LANGUAGE_LABELS,
  SPECIALIZATION_LABELS,
  labelOf,
} from '../../../../domain/enums.ts';
import { formatINR } from '../../../../domain/rules/format.ts';
import { getDoctorBySlugQueryOptions } from '../../../api/doctors.ts';
import { getHospitalQueryOptions } from '../../../api/hospitals.ts';
import { useAuth } from '../../../session/AuthContext.ts';
import { DetailList } from '../../../ui/DetailList.tsx';
import { labelsOf } from '../options.ts';
import { backOf } from './backLinks.ts';
import { DoctorOpenTimes } from './DoctorOpenTimes.tsx';
import { BookAction, ContactSection, PageSection, ProviderPage, Tags } from './parts.tsx';
import { bookingPaths, providerPaths } from './paths.ts';

/** /doctors/:slug — a doctor's public page. */
export function DoctorPageScreen() {
  const { slug = '' } = useParams();
  const { user } = useAuth();
  const doctor = useQuery(getDoctorBySlugQueryOptions(slug));
  const hospitalId = doctor.data?.hospitalId ?? null;
  const hospital = useQuery({ ...getHospitalQueryOptions(hospitalId ?? ''), enabled: hospitalId !== null });
  const back = backOf('doctors', user?.role);
  return (
    <ProviderPage
      query={doctor}
      what="the doctor"
      backTo={back.to}
      backLabel={back.label}
      subtitle={(d) => labelsOf(d.specializations, SPECIALIZATION_LABELS).join(', ') || 'Doctor'}
      actions={(d) => <BookAction to={bookingPaths.doctor(d.id)} name={d.name} />}
    >
      {(d) => (
        <>
          <PageSection title="About">
            {d.description && <p className="text-sm whitespace-pre-line">{d.description}</p>}
            <DetailList
              rows={[
                ['Experience', `${d.experienceYears} ${d.experienceYears === 1 ? 'year' : 'years'}`],
                ['Consultation fee', d.consultationFee === null ? 'Not listed' : formatINR(d.consultationFee)],
                ['Consults', labelOf(CONSULTATION_CHANNEL_LABELS, d.availability)],
                ['Telemedicine', d.telemedicineAvailable ? 'Yes' : 'No'],
                ['Gender', d.gender ? labelOf(GENDER_LABELS, d.gender) : ''],
                ['Registration number', d.registrationNumber],
                [
                  'Practises at',
                  hospitalId === null ? (
                    'Own clinic'
                  ) : hospital.data ? (
                    <Link className="link link-primary" to={providerPaths.hospital(hospital.data.id)}>
                      {hospital.data.name}
                    </Link>
                  ) : (
                    'A hospital'
                  ),
                ],
              ]}
            />
          </PageSection>
          <ContactSection place={d} />
          <DoctorOpenTimes doctorId={d.id} />
          <PageSection title="Specialisations, languages and insurance" wide>
            <DetailList
              rows={[
                [
                  'Specialisations',
                  <Tags key="s" values={labelsOf(d.specializations, SPECIALIZATION_LABELS)} none="Not listed" />,
                ],
                ['Qualifications', <Tags key="q" values={d.qualifications} none="Not listed" />],
                ['Languages', <Tags key="l" values={labelsOf(d.languagesSpoken, LANGUAGE_LABELS)} none="Not listed" />],
                ['Insurance accepted', <Tags key="i" values={d.insuranceAccepted} none="Not listed" />],
              ]}
            />
          </PageSection>
        </>
      )}
    </ProviderPage>
  );
}
