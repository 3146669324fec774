import { z } from 'zod';

/** How many keys one lookup may ask about. */
export const IDEMPOTENCY_LOOKUP_MAX = 500;

/** `POST /idempotency-keys/lookup`: which of a device's queued changes the server already holds. */
export const idempotencyLookupBody = z.object({
  keys: z
    .array(z.string().min(1).max(255))
    .min(1, 'Send at least one key')
    .max(IDEMPOTENCY_LOOKUP_MAX, `At most ${IDEMPOTENCY_LOOKUP_MAX} keys at a time`),
});

/** One key the server holds: received (IN_PROGRESS) or answered (COMPLETED, with the answer's status). */
export const idempotencyKeyState = z.object({
  key: z.string(),
  state: z.enum(['IN_PROGRESS', 'COMPLETED']),
  method: z.string(),
  path: z.string(),
  status: z.number().int().nullable(),
  receivedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type IdempotencyKeyState = z.output<typeof idempotencyKeyState>;
