/** What other modules may use of affiliations. */
export type { AffiliationsService } from './service.ts';
