/** What other modules may use of the pharmacy's inventory: the ledger's writer, picking, and the duty check. */
export { inventoryService, assertDuty, type InventoryService } from './service.ts';
export { appendLine, pickableBatches, reserveFefo } from './stock.ts';
