export { pharmacyOrdersService, type PharmacyOrdersService } from './service.ts';
