import type { AuthUser } from '../platform/auth.ts';
import { notFound } from '../platform/errors.ts';
import type { Role } from '../../domain/enums.ts';

/** The owner (the account linked to the profile) or an admin may change a profile; anyone else gets 404. */
export function assertCanManage(caller: AuthUser, ownerRole: Role, profileId: string, what: string) {
  const owns = caller.role === ownerRole && caller.referenceId === profileId;
  if (!owns && caller.role !== 'ADMIN') throw notFound(`There is no ${what} with that id.`);
}

/** The columns a place in a request fills: the address plus its searchable parts. */
export function placeColumns(input: {
  address?: { city: string; state: string; pincode: string } | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
}) {
  return {
    ...(input.address
      ? { address: input.address, city: input.address.city, state: input.address.state, pincode: input.address.pincode }
      : {}),
    ...(input.latitude === undefined ? {} : { latitude: input.latitude }),
    ...(input.longitude === undefined ? {} : { longitude: input.longitude }),
  };
}

/** Dates as ISO strings, as the API answers them. */
export function withIsoDates<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
