import { useQuery } from '@tanstack/react-query';
import {
  MEDICINE_CATEGORY_LABELS,
  MEDICINE_CATEGORIES,
  PHARMACY_SERVICES,
  PHARMACY_SERVICE_LABELS,
  PHARMACY_TYPES,
  PHARMACY_TYPE_LABELS,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
} from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { updatePharmacyBody } from '../../../domain/schemas/pharmacies.ts';
import { getMyPharmacyQueryOptions, pharmaciesApi, pharmacyKeys, type PharmacyProfile } from '../../api/pharmacies.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { OpeningHoursEditor } from './OpeningHoursEditor.tsx';
import { PharmacyImages } from './PharmacyImages.tsx';
import type { DetailsFieldSpecs } from './detailsDraft.ts';
import { EditableDetails, ProfileHeader, labelList } from './profileParts.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { formatAddress } from '../../ui/address.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { Pharmacists } from './PharmacyPharmacists.tsx';
import { EmergencyInfo } from './PharmacyEmergencyInfo.tsx';
import { TeamSection } from './TeamSection.tsx';
import { VerificationCard } from './VerificationCard.tsx';

export function MyPharmacyScreen() {
  usePageTitle('My Pharmacy');
  const pharmacy = useQuery(getMyPharmacyQueryOptions());

  if (pharmacy.isPending) return <Loading what="your pharmacy" />;
  if (pharmacy.isError)
    return <LoadError what="your pharmacy" error={pharmacy.error} retry={() => void pharmacy.refetch()} />;
  const p = pharmacy.data;
  return (
    <section aria-labelledby="my-pharmacy-title" className="flex flex-col gap-5">
      <ProfileHeader id="my-pharmacy-title" name={p.name} status={p.verificationStatus} />
      <PharmacyDetails pharmacy={p} />
      <VerificationCard />
      <Pharmacists pharmacy={p} />
      <PharmacyImages pharmacy={p} />
      {/* Seeded from the pharmacy: a fresher copy from the server (after one kept on the device) starts them again. */}
      <OpeningHoursEditor key={JSON.stringify(p.openingHours)} pharmacy={p} />
      <EmergencyInfo key={JSON.stringify(p.emergencyInfo)} pharmacy={p} />
      <TeamSection />
    </section>
  );
}

/** What the pharmacy may change itself; the drug licence number and the address go through verification. */
const PHARMACY_DETAILS = {
  name: { label: 'Pharmacy name', kind: 'text' },
  pharmacyType: { label: 'Type', kind: 'choice', options: PHARMACY_TYPES, labels: PHARMACY_TYPE_LABELS },
  phone: { label: 'Phone', kind: 'text' },
  email: { label: 'Email', kind: 'text' },
  services: { label: 'Services', kind: 'multi', options: PHARMACY_SERVICES, labels: PHARMACY_SERVICE_LABELS },
  medicationTypes: {
    label: 'Medication types',
    kind: 'multi',
    options: MEDICINE_CATEGORIES,
    labels: MEDICINE_CATEGORY_LABELS,
  },
  products: { label: 'Products', kind: 'multi', options: PRODUCT_CATEGORIES, labels: PRODUCT_CATEGORY_LABELS },
  hasHomeDelivery: { label: 'Home delivery', kind: 'flag' },
  hasEmergencyService: { label: 'Emergency service', kind: 'flag' },
  insurancePartners: { label: 'Insurance partners', kind: 'list' },
  description: { label: 'About the pharmacy', kind: 'text', clearable: true },
} satisfies DetailsFieldSpecs;

function PharmacyDetails({ pharmacy: p }: { pharmacy: PharmacyProfile }) {
  return (
    <EditableDetails
      id="pharmacy-details-title"
      title="Details"
      profile={p}
      specs={PHARMACY_DETAILS}
      schema={updatePharmacyBody}
      queryKey={pharmacyKeys.mine}
      save={(body) => pharmaciesApi.update(p.id, body)}
      view={
        <DetailList
          rows={[
            ['Type', PHARMACY_TYPE_LABELS[p.pharmacyType]],
            ['Drug licence number', p.licenseNumber],
            ['Address', formatAddress(p.address)],
            ['Phone', p.phone ? formatPhone(p.phone) : ''],
            ['Email', p.email ?? ''],
            ['Services', labelList(p.services, PHARMACY_SERVICE_LABELS)],
            ['Medication types', labelList(p.medicationTypes, MEDICINE_CATEGORY_LABELS)],
            ['Products', labelList(p.products, PRODUCT_CATEGORY_LABELS)],
            [
              'Facilities',
              [p.hasHomeDelivery && 'Home delivery', p.hasEmergencyService && 'Emergency service']
                .filter(Boolean)
                .join(', '),
            ],
            ['Insurance partners', p.insurancePartners.join(', ')],
            ['About', p.description ?? ''],
          ]}
        />
      }
    >
      {(f) => (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {f.field('name', { required: true, className: 'sm:col-span-2' })}
            {f.field('pharmacyType')}
            {f.field('phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
            {f.field('email', { type: 'email', autoComplete: 'email' })}
            {f.field('insurancePartners')}
            {f.field('description', { multiline: true, maxLength: 2000, className: 'sm:col-span-2' })}
          </div>
          <div className="flex flex-wrap gap-x-6">
            {f.field('hasHomeDelivery')}
            {f.field('hasEmergencyService')}
          </div>
          {f.field('services')}
          {f.field('medicationTypes')}
          {f.field('products')}
        </>
      )}
    </EditableDetails>
  );
}
