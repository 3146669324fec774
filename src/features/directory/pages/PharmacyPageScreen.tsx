import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  MEDICINE_CATEGORY_LABELS,
  PHARMACY_SERVICE_LABELS,
  PHARMACY_TYPE_LABELS,
  PRODUCT_CATEGORY_LABELS,
  labelOf,
} from '../../../../domain/enums.ts';
import { formatPhone } from '../../../../domain/rules/phone.ts';
import { getPharmacyQueryOptions, type PharmacyImage } from '../../../api/pharmacies.ts';
import { useAuth } from '../../../session/AuthContext.ts';
import { DetailList } from '../../../ui/DetailList.tsx';
import { useImageObjectUrl } from '../../../ui/useImageObjectUrl.ts';
import { labelsOf } from '../options.ts';
import { backOf } from './backLinks.ts';
import { ContactSection, OpeningHoursSection, PageSection, ProviderPage, Tags } from './parts.tsx';

function Photo({ image, name, index }: { image: PharmacyImage; name: string; index: number }) {
  const { url, error } = useImageObjectUrl(image.imageUrl);
  return (
    <li className="aspect-[4/3] overflow-hidden rounded-box border border-base-300 bg-base-200">
      {url ? (
        <img src={url} alt={`${name}, photo ${index + 1}`} className="size-full object-cover" />
      ) : (
        <p className="flex size-full items-center justify-center p-2 text-center text-xs text-base-content/70">
          {error ? 'Photo not available offline' : 'Loading photo…'}
        </p>
      )}
    </li>
  );
}

/** /pharmacies/:pharmacyId — a pharmacy's public page: photos, opening hours with "open now", services. */
export function PharmacyPageScreen() {
  const { pharmacyId = '' } = useParams();
  const { user } = useAuth();
  const pharmacy = useQuery(getPharmacyQueryOptions(pharmacyId));
  const back = backOf('pharmacies', user?.role);
  return (
    <ProviderPage
      query={pharmacy}
      what="the pharmacy"
      backTo={back.to}
      backLabel={back.label}
      subtitle={(p) => labelOf(PHARMACY_TYPE_LABELS, p.pharmacyType)}
    >
      {(p) => (
        <>
          {p.images.length > 0 && (
            <PageSection title="Photos" wide>
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {p.images.map((image, index) => (
                  <Photo key={image.id} image={image} name={p.name} index={index} />
                ))}
              </ul>
            </PageSection>
          )}
          <OpeningHoursSection hours={p.openingHours} />
          <ContactSection place={p} />
          <PageSection title="About">
            {p.description && <p className="text-sm whitespace-pre-line">{p.description}</p>}
            <DetailList
              rows={[
                ['Home delivery', p.hasHomeDelivery ? 'Yes' : 'No'],
                ['Emergency service', p.hasEmergencyService ? 'Yes' : 'No'],
                ['Drug licence number', p.licenseNumber],
                [
                  'Pharmacists',
                  p.pharmacists.length === 0
                    ? ''
                    : p.pharmacists.map((ph) => `${ph.name}${ph.isVerified ? ' (verified)' : ''}`).join(', '),
                ],
              ]}
            />
          </PageSection>
          <PageSection title="In an emergency">
            {p.emergencyInfo ? (
              <DetailList
                rows={[
                  ['Open 24×7', p.emergencyInfo.available24x7 ? 'Yes' : 'No'],
                  [
                    'Emergency phone',
                    p.emergencyInfo.phone ? (
                      <a className="link link-primary" href={`tel:+91${p.emergencyInfo.phone}`}>
                        {formatPhone(p.emergencyInfo.phone)}
                      </a>
                    ) : (
                      ''
                    ),
                  ],
                  ['Instructions', p.emergencyInfo.instructions ?? ''],
                ]}
              />
            ) : (
              <p className="text-sm text-base-content/70">No emergency arrangements listed.</p>
            )}
          </PageSection>
          <PageSection title="Services and products" wide>
            <DetailList
              rows={[
                ['Services', <Tags key="s" values={labelsOf(p.services, PHARMACY_SERVICE_LABELS)} none="Not listed" />],
                [
                  'Medicines',
                  <Tags key="m" values={labelsOf(p.medicationTypes, MEDICINE_CATEGORY_LABELS)} none="Not listed" />,
                ],
                ['Products', <Tags key="p" values={labelsOf(p.products, PRODUCT_CATEGORY_LABELS)} none="Not listed" />],
                ['Insurance partners', <Tags key="i" values={p.insurancePartners} none="Not listed" />],
              ]}
            />
          </PageSection>
        </>
      )}
    </ProviderPage>
  );
}
