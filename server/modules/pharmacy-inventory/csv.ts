import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DRUG_SCHEDULES, MEDICINE_CATEGORIES } from '../../../domain/enums.ts';
import { REGISTER_SCHEDULES } from '../../../domain/rules/pharmacy.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import { batchBody, medicineBody, RECEIPT_COLUMNS } from '../../../domain/schemas/pharmacyInventory.ts';
import type { Db } from '../../db/client.ts';
import { medicineBatches, medicines, patients, pharmacyOrders, stockLedger } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { invalid } from '../../platform/errors.ts';
import { assertDuty, batchView, ledgerLines, pharmacyOf, receiveBatch } from './service.ts';
import { onHandByBatch, reservedByBatch } from './stock.ts';

/** Stock receipts in, stock, ledger and the H1 register out, as CSV (csv-parse / csv-stringify). */

const MAX_ROWS = 2000;
const csv = (header: readonly string[], rows: unknown[][]) => stringify([header, ...rows]);

export function inventoryCsv({ db }: { db: Db }) {
  return {
    /** Every row is checked before any is written; one transaction writes them all. */
    async importReceipt(caller: AuthUser, text: string) {
      const pharmacyId = pharmacyOf(caller);
      await assertDuty(db, caller, ['PHARMACIST']);
      let records: Record<string, string>[];
      try {
        records = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
      } catch {
        throw invalid('The file is not readable CSV.', { issues: [{ path: 'body.csv', message: 'Not CSV' }] });
      }
      const missing = RECEIPT_COLUMNS.filter((c) => records.length > 0 && !(c in records[0]!));
      if (records.length === 0 || missing.length > 0) {
        throw invalid(`The CSV needs a header row with: ${RECEIPT_COLUMNS.join(', ')}.`, {
          issues: [{ path: 'body.csv', message: missing.length ? `Missing ${missing.join(', ')}` : 'No rows' }],
        });
      }
      if (records.length > MAX_ROWS) throw invalid(`At most ${MAX_ROWS} rows at once.`);
      const issues: { path: string; message: string }[] = [];
      const rows = records.map((r, i) => {
        const medicine = medicineBody.safeParse({
          genericName: r.genericName,
          brandName: r.brandName,
          strength: r.strength ?? '',
          form: r.form ?? '',
          schedule: (r.schedule ?? '').toUpperCase(),
          category: (r.category ?? '').toUpperCase(),
        });
        const batch = batchBody.safeParse({
          batchNumber: r.batchNumber,
          expiryDate: r.expiryDate,
          mrp: Number(r.mrp),
          purchasePrice: Number(r.purchasePrice),
          quantity: Number(r.quantity),
        });
        for (const result of [medicine, batch]) {
          if (!result.success)
            for (const issue of result.error.issues)
              issues.push({ path: `row ${i + 2}.${issue.path.join('.')}`, message: issue.message });
        }
        return { medicine: medicine.data, batch: batch.data };
      });
      if (issues.length > 0) {
        throw invalid(`${issues.length} problem${issues.length === 1 ? '' : 's'} in the CSV; nothing was received.`, {
          issues: issues.slice(0, 50),
        });
      }
      let units = 0;
      await db.transaction(async (tx) => {
        for (const { medicine, batch } of rows) {
          await tx
            .insert(medicines)
            .values({ ...medicine!, pharmacyId })
            .onConflictDoNothing();
          const [row] = await tx
            .select({ id: medicines.id })
            .from(medicines)
            .where(
              and(
                eq(medicines.pharmacyId, pharmacyId),
                eq(medicines.brandName, medicine!.brandName),
                eq(medicines.strength, medicine!.strength),
                eq(medicines.form, medicine!.form),
              ),
            );
          await receiveBatch(tx, pharmacyId, row!.id, batch!, caller.id, 'CSV receipt');
          units += batch!.quantity;
        }
      });
      return { batches: rows.length, units };
    },

    async stock(caller: AuthUser) {
      const pharmacyId = pharmacyOf(caller);
      const rows = await db
        .select({ batch: medicineBatches, medicine: medicines })
        .from(medicineBatches)
        .innerJoin(medicines, eq(medicines.id, medicineBatches.medicineId))
        .where(eq(medicineBatches.pharmacyId, pharmacyId))
        .orderBy(asc(medicines.brandName), asc(medicineBatches.expiryDate));
      const onHand = await onHandByBatch(
        db,
        rows.map((r) => r.batch.id),
      );
      const reserved = await reservedByBatch(db, pharmacyId);
      const today = todayInIndia();
      return csv(
        [...RECEIPT_COLUMNS.filter((c) => c !== 'quantity'), 'onHand', 'reserved', 'reorderLevel', 'status'],
        rows.map(({ batch, medicine }) => {
          const v = batchView(batch, onHand.get(batch.id) ?? 0, reserved.get(batch.id) ?? 0, today);
          return [
            medicine.brandName,
            medicine.genericName,
            medicine.strength,
            medicine.form,
            medicine.schedule,
            medicine.category,
            batch.batchNumber,
            batch.expiryDate,
            v.mrp.toFixed(2),
            v.purchasePrice.toFixed(2),
            v.onHand,
            v.reserved,
            medicine.reorderLevel,
            v.recalled
              ? 'RECALLED'
              : v.expired
                ? 'EXPIRED'
                : v.expiryBand
                  ? `EXPIRES_WITHIN_${v.expiryBand}_DAYS`
                  : 'OK',
          ];
        }),
      );
    },

    async ledger(caller: AuthUser) {
      const pharmacyId = pharmacyOf(caller);
      const lines = await ledgerLines(db, eq(stockLedger.pharmacyId, pharmacyId), 100_000, 0);
      return csv(
        ['createdAt', 'medicine', 'batchNumber', 'kind', 'quantity', 'balance', 'reason', 'orderId', 'by'],
        lines.map((l) => [
          l.createdAt,
          l.brandName,
          l.batchNumber,
          l.kind,
          l.quantity,
          l.balance,
          l.reason,
          l.orderId,
          l.userName,
        ]),
      );
    },

    /** The H1 register: every dispense of an H1 medicine (prescriber, patient, drug, quantity, date); kept, never deleted. */
    async h1Register(caller: AuthUser) {
      const pharmacyId = pharmacyOf(caller);
      const rows = await db
        .select({
          line: stockLedger,
          medicine: medicines,
          batchNumber: medicineBatches.batchNumber,
          order: pharmacyOrders,
          firstName: patients.firstName,
          lastName: patients.lastName,
        })
        .from(stockLedger)
        .innerJoin(medicines, eq(medicines.id, stockLedger.medicineId))
        .innerJoin(medicineBatches, eq(medicineBatches.id, stockLedger.batchId))
        .leftJoin(pharmacyOrders, eq(pharmacyOrders.id, stockLedger.orderId))
        .leftJoin(patients, eq(patients.id, pharmacyOrders.patientId))
        .where(
          and(
            eq(stockLedger.pharmacyId, pharmacyId),
            eq(stockLedger.kind, 'DISPENSE'),
            inArray(medicines.schedule, [...REGISTER_SCHEDULES]),
          ),
        )
        .orderBy(asc(stockLedger.createdAt));
      return rows.map((r) => ({
        ledgerId: r.line.id,
        date: r.line.createdAt.toISOString(),
        orderNumber: r.order?.orderNumber ?? null,
        prescriber: r.order?.prescriberName ?? null,
        prescriberRegistration: r.order?.prescriberRegistration ?? null,
        patient: r.firstName ? `${r.firstName} ${r.lastName}` : (r.order?.walkInName ?? null),
        drug: `${r.medicine.brandName} (${r.medicine.genericName}) ${r.medicine.strength}`.trim(),
        batchNumber: r.batchNumber,
        quantity: -r.line.quantity,
      }));
    },

    async h1RegisterCsv(caller: AuthUser) {
      const entries = await this.h1Register(caller);
      return csv(
        ['date', 'orderNumber', 'prescriber', 'prescriberRegistration', 'patient', 'drug', 'batchNumber', 'quantity'],
        entries.map((e) => [
          e.date,
          e.orderNumber,
          e.prescriber,
          e.prescriberRegistration,
          e.patient,
          e.drug,
          e.batchNumber,
          e.quantity,
        ]),
      );
    },
  };
}

/** Known schedule and category words, for the import's messages. */
export const RECEIPT_HELP = `schedule: ${DRUG_SCHEDULES.join('/')}; category: ${MEDICINE_CATEGORIES.join('/')}; expiryDate yyyy-mm-dd; prices in rupees per unit.`;
export type InventoryCsv = ReturnType<typeof inventoryCsv>;
