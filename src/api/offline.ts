import { IDEMPOTENCY_LOOKUP_MAX, type IdempotencyKeyState } from '../../domain/schemas/offline.ts';
import { request } from './http.ts';

export const offlineApi = {
  /** Which of these Idempotency-Keys the server holds for the signed-in user (asked in batches). */
  async lookupKeys(keys: string[]): Promise<IdempotencyKeyState[]> {
    const held: IdempotencyKeyState[] = [];
    for (let from = 0; from < keys.length; from += IDEMPOTENCY_LOOKUP_MAX) {
      const batch = keys.slice(from, from + IDEMPOTENCY_LOOKUP_MAX);
      const { data } = await request<{ data: { keys: IdempotencyKeyState[] } }>('post', '/idempotency-keys/lookup', {
        json: { keys: batch },
      });
      held.push(...data.keys);
    }
    return held;
  },
};
