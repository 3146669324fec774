/** What other modules may use of affiliations. */
export type { AffiliationsService } from './service.ts';
export { accrueDiagnosticOrder, accruePharmacyOrder } from './accrual.ts';
