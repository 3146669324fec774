import { z } from 'zod';
import { lineText } from './text.ts';

/** How many keys one lookup may ask about. */
export const IDEMPOTENCY_LOOKUP_MAX = 500;

/** `POST /idempotency-keys/lookup`: which of a device's queued changes the server already holds. */
export const idempotencyLookupBody = z.object({
  keys: z
    .array(lineText('An idempotency key').min(1).max(255))
    .min(1, 'Send at least one key')
    .max(IDEMPOTENCY_LOOKUP_MAX, `At most ${IDEMPOTENCY_LOOKUP_MAX} keys at a time`),
});

/**
 * One key the server holds: being handled right now (IN_PROGRESS; its request is not committed, so
 * method, path and time are not known yet) or answered (COMPLETED, with the answer's status).
 */
export const idempotencyKeyState = z.object({
  key: z.string(),
  state: z.enum(['IN_PROGRESS', 'COMPLETED']),
  method: z.string().nullable(),
  path: z.string().nullable(),
  status: z.number().int().nullable(),
  receivedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type IdempotencyKeyState = z.output<typeof idempotencyKeyState>;
