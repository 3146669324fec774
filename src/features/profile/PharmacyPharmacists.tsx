import { useState, type FormEvent } from 'react';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { pharmacistBody, updatePharmacistBody } from '../../../domain/schemas/pharmacies.ts';
import { ApiError } from '../../api/http.ts';
import { pharmaciesApi, pharmacyKeys, type Pharmacist, type PharmacyProfile } from '../../api/pharmacies.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { ProfileCard, issuesByPath, optional, useProfileMutation } from './profileParts.tsx';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';

type PharmacistInput = { name: string; registrationNumber: string; phone: string; email: string };
const emptyPharmacist: PharmacistInput = { name: '', registrationNumber: '', phone: '', email: '' };

/** The pharmacy's pharmacists: add, edit and remove them. */
export function Pharmacists({ pharmacy }: { pharmacy: PharmacyProfile }) {
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
                      <StatusBadge size="sm" tone={ph.isVerified ? 'success' : 'ghost'}>
                        {ph.isVerified ? 'Verified' : 'Not verified yet'}
                      </StatusBadge>
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
        <OnlineButton type="submit" loading={pharmacist ? update.isPending : add.isPending}>
          {pharmacist ? 'Save pharmacist' : 'Add pharmacist'}
        </OnlineButton>
        {pharmacist && (
          <Button buttonStyle="outline" variant="neutral" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
