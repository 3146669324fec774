/** What other modules may use of verification. */
export type { VerificationService } from './service.ts';
export { PROVIDER_ROLES } from './service.ts';
