import { requireParam } from '../../domain/rules/params.ts';
import { telemedicineSessionSchema, type TelemedicineSession } from '../../domain/schemas/telemedicine.ts';
import { request } from './http.ts';

export type { TelemedicineSession };

const base = (id: string, operation: string) =>
  `/consultations/${encodeURIComponent(requireParam(id, 'consultationId', operation))}/telemedicine`;

/** SPEC §7: telemedicine/start opens (or joins) the session, telemedicine/end closes it with its length. */
export const telemedicinePaths = {
  start: (id: string) => `${base(id, 'startTelemedicine')}/start`,
  end: (id: string) => `${base(id, 'endTelemedicine')}/end`,
};

export const telemedicineApi = {
  start: async (id: string): Promise<TelemedicineSession> =>
    telemedicineSessionSchema.parse((await request<{ data: unknown }>('post', telemedicinePaths.start(id))).data),
  end: async (id: string): Promise<TelemedicineSession> =>
    telemedicineSessionSchema.parse((await request<{ data: unknown }>('post', telemedicinePaths.end(id))).data),
};
