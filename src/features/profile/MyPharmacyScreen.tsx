import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
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
import {
  emergencyInfoBody,
  pharmacistBody,
  updatePharmacistBody,
  updatePharmacyBody,
} from '../../../domain/schemas/pharmacies.ts';
import { ApiError } from '../../api/http.ts';
import { pharmaciesApi, pharmacyKeys, type Pharmacist, type PharmacyProfile } from '../../api/pharmacies.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { OpeningHoursEditor } from './OpeningHoursEditor.tsx';
import { PharmacyImages } from './PharmacyImages.tsx';
import type { DetailsFieldSpecs } from './detailsDraft.ts';
import {
  EditableDetails,
  ProfileCard,
  ProfileHeader,
  issuesByPath,
  labelList,
  useProfileMutation,
} from './profileParts.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { formatAddress } from '../../ui/address.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';

export function MyPharmacyScreen() {
  usePageTitle('My Pharmacy');
  const pharmacy = useQuery({ queryKey: pharmacyKeys.mine, queryFn: async () => (await pharmaciesApi.mine()).data });

  if (pharmacy.isPending) return <Loading what="your pharmacy" />;
  if (pharmacy.isError)
    return <LoadError what="your pharmacy" error={pharmacy.error} retry={() => void pharmacy.refetch()} />;
  const p = pharmacy.data;
  return (
    <section aria-labelledby="my-pharmacy-title" className="flex flex-col gap-5">
      <ProfileHeader id="my-pharmacy-title" name={p.name} status={p.verificationStatus} />
      <PharmacyDetails pharmacy={p} />
      <Pharmacists pharmacy={p} />
      <PharmacyImages pharmacy={p} />
      {/* Seeded from the pharmacy: a fresher copy from the server (after one kept on the device) starts them again. */}
      <OpeningHoursEditor key={JSON.stringify(p.openingHours)} pharmacy={p} />
      <EmergencyInfo key={JSON.stringify(p.emergencyInfo)} pharmacy={p} />
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

type PharmacistInput = { name: string; registrationNumber: string; phone: string; email: string };
const emptyPharmacist: PharmacistInput = { name: '', registrationNumber: '', phone: '', email: '' };
const optional = (value: string) => value.trim() || undefined;

function Pharmacists({ pharmacy }: { pharmacy: PharmacyProfile }) {
  const [editing, setEditing] = useState<string>();
  const [removing, setRemoving] = useState<Pharmacist>();
  const remove = useProfileMutation(
    pharmacyKeys.mine,
    (id: string) => pharmaciesApi.removePharmacist(pharmacy.id, id),
    'Pharmacist removed.',
  );

  return (
    <ProfileCard id="pharmacists-title" title="Pharmacists">
      {pharmacy.pharmacists.length === 0 ? (
        <p className="text-sm text-base-content/70">No pharmacists yet. Add the first one below.</p>
      ) : (
        <ul className="divide-y divide-base-300">
          {pharmacy.pharmacists.map((ph) => (
            <li key={ph.id} className="py-3">
              {editing === ph.id ? (
                <PharmacistForm pharmacyId={pharmacy.id} pharmacist={ph} onDone={() => setEditing(undefined)} />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2 font-medium">
                      {ph.name}
                      <span className={`badge badge-sm badge-soft ${ph.isVerified ? 'badge-success' : 'badge-ghost'}`}>
                        {ph.isVerified ? 'Verified' : 'Not verified yet'}
                      </span>
                    </div>
                    <div className="text-sm text-base-content/70">
                      Reg. no. {ph.registrationNumber}
                      {ph.phone && (
                        <>
                          {' · '}
                          <a className="link link-primary" href={`tel:+91${ph.phone}`}>
                            {formatPhone(ph.phone)}
                          </a>
                        </>
                      )}
                      {ph.email && <> · {ph.email}</>}
                    </div>
                  </div>
                  <div className="flex gap-1">
                    <Button
                      size="xs"
                      buttonStyle="ghost"
                      aria-label={`Edit ${ph.name}`}
                      onClick={() => setEditing(ph.id)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="danger"
                      buttonStyle="ghost"
                      aria-label={`Remove ${ph.name}`}
                      onClick={() => setRemoving(ph)}
                    >
                      Remove
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-2 font-medium">Add a pharmacist</h3>
      <PharmacistForm pharmacyId={pharmacy.id} />
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove pharmacist?"
        confirmLabel="Remove pharmacist"
        busy={remove.isPending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(undefined) });
        }}
      >
        {removing?.name} will no longer be listed at your pharmacy.
      </ConfirmDialog>
    </ProfileCard>
  );
}

/** Adds a pharmacist, or changes one when given. */
function PharmacistForm({
  pharmacyId,
  pharmacist,
  onDone,
}: {
  pharmacyId: string;
  pharmacist?: Pharmacist;
  onDone?: () => void;
}) {
  const initial: PharmacistInput = pharmacist
    ? {
        name: pharmacist.name,
        registrationNumber: pharmacist.registrationNumber,
        phone: pharmacist.phone ?? '',
        email: pharmacist.email ?? '',
      }
    : emptyPharmacist;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useProfileMutation(
    pharmacyKeys.mine,
    (body: ReturnType<typeof pharmacistBody.parse>) => pharmaciesApi.addPharmacist(pharmacyId, body),
    'Pharmacist added.',
  );
  const update = useProfileMutation(
    pharmacyKeys.mine,
    (body: ReturnType<typeof updatePharmacistBody.parse>) =>
      pharmaciesApi.updatePharmacist(pharmacyId, pharmacist?.id ?? '', body),
    'Pharmacist updated.',
  );
  const set = (key: keyof PharmacistInput) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const serverErrors = (error: unknown) => {
    if (error instanceof ApiError) setErrors(error.fieldErrors());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name: values.name,
      registrationNumber: values.registrationNumber,
      phone: optional(values.phone),
      email: optional(values.email),
    };
    const parsed = (pharmacist ? updatePharmacistBody : pharmacistBody).safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    if (pharmacist) {
      update.mutate(parsed.data, { onSuccess: () => onDone?.(), onError: serverErrors });
    } else {
      add.mutate(pharmacistBody.parse(input), {
        onSuccess: () => setValues(emptyPharmacist),
        onError: serverErrors,
      });
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={pharmacist ? `Edit ${pharmacist.name}` : 'Add a pharmacist'}
      className="grid grid-cols-1 gap-2 sm:grid-cols-2"
    >
      <TextField label="Pharmacist name" value={values.name} onChange={set('name')} error={errors.name} required />
      <TextField
        label="Registration number"
        value={values.registrationNumber}
        onChange={set('registrationNumber')}
        error={errors.registrationNumber}
        required
      />
      <TextField
        label="Pharmacist phone"
        type="tel"
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <TextField
        label="Pharmacist email"
        type="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" loading={pharmacist ? update.isPending : add.isPending}>
          {pharmacist ? 'Save pharmacist' : 'Add pharmacist'}
        </Button>
        {pharmacist && (
          <Button buttonStyle="outline" variant="neutral" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function EmergencyInfo({ pharmacy }: { pharmacy: PharmacyProfile }) {
  const info = pharmacy.emergencyInfo;
  const [available, setAvailable] = useState(info?.available24x7 ?? false);
  const [phone, setPhone] = useState(info?.phone ?? '');
  const [instructions, setInstructions] = useState(info?.instructions ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const instructionsId = useId();
  const save = useProfileMutation(
    pharmacyKeys.mine,
    (body: ReturnType<typeof emergencyInfoBody.parse>) => pharmaciesApi.changeEmergencyInfo(pharmacy.id, body),
    'Emergency info saved.',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emergencyInfoBody.safeParse({
      available24x7: available,
      phone: optional(phone),
      instructions: optional(instructions),
    });
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors());
      },
    });
  };

  return (
    <ProfileCard id="emergency-title" title="Emergency info">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <label className="flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="toggle toggle-primary"
            checked={available}
            onChange={(e) => setAvailable(e.target.checked)}
          />
          <span>Available 24×7 for emergencies</span>
        </label>
        <TextField
          label="Emergency phone"
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
          className="sm:max-w-xs"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={instructionsId} className="text-sm font-medium">
            Emergency instructions
          </label>
          <textarea
            id={instructionsId}
            className={`textarea w-full ${errors.instructions ? 'textarea-error' : ''}`}
            rows={3}
            maxLength={1000}
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            aria-invalid={errors.instructions ? true : undefined}
            aria-describedby={errors.instructions ? `${instructionsId}-error` : undefined}
          />
          {errors.instructions && (
            <p id={`${instructionsId}-error`} role="alert" className="text-sm text-error">
              {errors.instructions}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" loading={save.isPending}>
            Save emergency info
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}
