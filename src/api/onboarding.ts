import type { z } from 'zod';
import type { OnboardDiagnosticsBody, diagnosticsCentreSchema } from '../../domain/schemas/diagnostics.ts';
import type { OnboardPharmacyBody, pharmacyProfileSchema } from '../../domain/schemas/pharmacies.ts';
import { requireParam } from '../../domain/rules/params.ts';
import { request } from './http.ts';

/** The organisations' onboarding calls (the hospital's is hospitalsApi.onboard). */
export const onboardingApi = {
  pharmacy: (body: OnboardPharmacyBody) =>
    request<{ data: z.output<typeof pharmacyProfileSchema> }>('post', '/pharmacies/onboard', {
      json: requireParam(body, 'body', 'onboardPharmacy'),
    }),
  diagnostics: (body: OnboardDiagnosticsBody) =>
    request<{ data: z.output<typeof diagnosticsCentreSchema> }>('post', '/diagnostics/onboard', {
      json: requireParam(body, 'body', 'onboardDiagnostics'),
    }),
};
