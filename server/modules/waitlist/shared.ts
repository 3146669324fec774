import type { AuthUser } from '../../platform/auth.ts';
import type { WaitlistEntry } from '../../../domain/schemas/waitlist.ts';

/** What the use cases beside the service share with it. */
export type Shared = {
  view(caller: AuthUser, id: string): Promise<WaitlistEntry>;
  nextPosition(queueId: string): Promise<number>;
};
