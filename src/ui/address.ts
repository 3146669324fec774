import { INDIAN_REGION_LABELS, labelOf } from '../../domain/enums.ts';
import type { Address } from '../../domain/schemas/common.ts';

/** An address on one line: "12, MG Road, Shivajinagar, Pune 411005, Maharashtra". */
export function formatAddress(address: Address): string {
  const line = [address.buildingNumber, address.street, address.locality, address.landmark, address.city]
    .filter(Boolean)
    .join(', ');
  return `${line} ${address.pincode}, ${labelOf(INDIAN_REGION_LABELS, address.state, address.state)}`;
}
