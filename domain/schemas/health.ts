import { z } from 'zod';

/** The health check's answer: liveness plus which database the server runs on. */
export const healthResponse = z.object({
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['pglite', 'postgres']),
    version: z.string(),
  }),
});
export type HealthResponse = z.output<typeof healthResponse>;
