import { AFFILIATION_TYPE_LABELS, type AffiliationType, type NotificationType } from '../../../domain/enums.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { NotificationsService } from '../notifications/index.ts';

/** What each change of an affiliation says, and to whom: the other side is told, both sides' lists refresh. */

export type AnnounceDeps = {
  realtime: Pick<Realtime, 'emit'>;
  notify: Pick<NotificationsService, 'notifyProfiles'>;
};

type Parties = { id: string; proposerId: string; recipientId: string; type: AffiliationType; status: string };

export const AFFILIATION_TEXTS = {
  created: 'Affiliation proposed. The other party has been asked to approve it.',
  updated: 'Terms saved. The other party has been told.',
  approved: 'Affiliation approved.',
  rejected: 'Affiliation rejected.',
  activated: 'Affiliation active.',
  suspended: 'Affiliation suspended.',
  terminated: 'Affiliation terminated.',
  renewed: 'Affiliation renewed.',
  verified: 'Affiliation verified.',
  commission: 'Commission structure saved as a new version.',
  line: 'Ledger line added.',
  settled: 'Period settled: the statement is closed and both parties have been told.',
  performance: 'Performance brought up to date from the ledger and the orders.',
} as const;

const TITLES: Partial<Record<NotificationType, string>> = {
  AFFILIATION_REQUEST: 'New affiliation request',
  AFFILIATION_APPROVED: 'Affiliation approved',
  AFFILIATION_REJECTED: 'Affiliation rejected',
  AFFILIATION_STATUS_CHANGE: 'Affiliation status changed',
  AFFILIATION_TERMS_UPDATED: 'Affiliation terms updated',
  AFFILIATION_EXPIRING: 'Affiliation ending soon',
  AFFILIATION_EXPIRED: 'Affiliation expired',
  AFFILIATION_COMMISSION_STATEMENT: 'Commission statement closed',
};

export function announceChange(deps: AnnounceDeps, row: Parties) {
  for (const room of [row.proposerId, row.recipientId]) {
    deps.realtime.emit(room, 'affiliationUpdate', { affiliationId: row.id, status: row.status });
  }
}

/** Tells `to` (profile ids) of a change, with a link to the affiliation; the lists refresh live. */
export async function tell(
  deps: AnnounceDeps,
  row: Parties,
  to: string[],
  type: NotificationType,
  message: string,
  exceptUserId?: string,
) {
  announceChange(deps, row);
  await deps.notify.notifyProfiles(
    to,
    {
      title: TITLES[type] ?? 'Affiliation update',
      message: `${AFFILIATION_TYPE_LABELS[row.type]} affiliation: ${message}`,
      type,
      data: { url: `/affiliations/${row.id}`, affiliationId: row.id },
    },
    exceptUserId,
  );
}
