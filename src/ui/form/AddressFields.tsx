import { INDIAN_REGIONS, INDIAN_REGION_LABELS } from '../../../domain/enums.ts';
import { SelectField } from './SelectField.tsx';
import { TextField } from './TextField.tsx';

export const ADDRESS_KEYS = ['buildingNumber', 'street', 'locality', 'landmark', 'city', 'state', 'pincode'] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];
export type AddressDraft = Record<AddressKey, string>;
export const EMPTY_ADDRESS: AddressDraft = {
  buildingNumber: '',
  street: '',
  locality: '',
  landmark: '',
  city: '',
  state: '',
  pincode: '',
};

/** The address as the domain's addressSchema takes it (empty landmark and state left out). */
export function addressOf(d: AddressDraft) {
  return {
    buildingNumber: d.buildingNumber,
    street: d.street,
    locality: d.locality,
    landmark: d.landmark.trim() === '' ? undefined : d.landmark.trim(),
    city: d.city,
    state: d.state || undefined,
    pincode: d.pincode,
  };
}

export const isBlankAddress = (d: AddressDraft) => ADDRESS_KEYS.every((k) => d[k].trim() === '');

/** The seven address fields of an Indian address; `required` marks the ones the schema requires. */
export function AddressFields({
  value,
  onChange,
  errors,
  required = true,
}: {
  value: AddressDraft;
  onChange(key: AddressKey, value: string): void;
  errors: Readonly<Record<string, string | undefined>>;
  required?: boolean;
}) {
  const text = (key: AddressKey, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={value[key]}
      onChange={(e) => onChange(key, e.target.value)}
      error={errors[key]}
      required={required && key !== 'landmark'}
      {...props}
    />
  );
  return (
    <>
      {text('buildingNumber', 'Building number')}
      {text('street', 'Street', { autoComplete: 'address-line1' })}
      {text('locality', 'Locality', { autoComplete: 'address-line2' })}
      {text('landmark', 'Landmark')}
      {text('city', 'City', { autoComplete: 'address-level2' })}
      <SelectField
        label="State"
        options={INDIAN_REGIONS}
        labels={INDIAN_REGION_LABELS}
        value={value.state}
        onChange={(e) => onChange('state', e.target.value)}
        error={errors.state}
        required={required}
      />
      {text('pincode', 'Pincode', { inputMode: 'numeric', maxLength: 6, autoComplete: 'postal-code' })}
    </>
  );
}
