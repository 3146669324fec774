import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { reviewBody } from '../../../domain/schemas/pharmacyOrders.ts';
import type { Db } from '../../db/client.ts';
import { pharmacies, pharmacyOrders, pharmacyReviews } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { addReview } from '../../platform/ratings.ts';
import { DOCUMENT_FILE_TYPES, MB, safeFileName, type FileStore } from '../../platform/files.ts';
import { NO_SUCH_ORDER, loadOrder, orderView, partyOf } from './queries.ts';

export const ORDER_FILE_MAX_MB = 10;

/** The order's prescription file (attached and read) and the patient's review after completion. */
export function prescriptionAndReviewUseCases({ db, files }: { db: Db; files: FileStore }) {
  return {
    async attachPrescription(
      caller: AuthUser,
      id: string,
      readUpload: () => Promise<{ buffer: Buffer; filename: string }>,
    ) {
      const row = await loadOrder(db, caller, id);
      const party = row ? partyOf(caller, row) : null;
      if (!row || !party) throw notFound(NO_SUCH_ORDER);
      if (party === 'PRESCRIBER') throw forbidden('The patient or the pharmacy attaches the prescription.');
      if (row.verifiedAt) throw conflict('This prescription is already verified.');
      const upload = await readUpload();
      const stored = await files.store(upload.buffer, DOCUMENT_FILE_TYPES, ORDER_FILE_MAX_MB * MB);
      const prescription = {
        id: randomUUID(),
        fileKey: stored.key,
        fileName: safeFileName(upload.filename, stored.contentType),
        contentType: stored.contentType,
        size: stored.size,
        createdAt: new Date().toISOString(),
      };
      await db.update(pharmacyOrders).set({ prescription, updatedAt: new Date() }).where(eq(pharmacyOrders.id, id));
      return orderView(db, caller, id);
    },

    async prescriptionFile(caller: AuthUser, id: string) {
      const row = await loadOrder(db, caller, id);
      if (!row || !partyOf(caller, row) || !row.prescription) throw notFound('This order has no prescription file.');
      return { ...row.prescription, content: await files.read(row.prescription.fileKey) };
    },

    /** After completion the patient reviews the pharmacy once; the directory's rating and count follow. */
    async review(caller: AuthUser, id: string, body: z.output<typeof reviewBody>) {
      const row = await loadOrder(db, caller, id);
      if (!row || partyOf(caller, row) !== 'PATIENT') throw notFound(NO_SUCH_ORDER);
      if (row.status !== 'COMPLETED') throw conflict('You can review the pharmacy once the order is completed.');
      await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(pharmacyReviews)
          .values({
            pharmacyId: row.pharmacyId,
            orderId: row.id,
            patientId: row.patientId!,
            rating: body.rating,
            comment: body.comment ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw conflict('You have already reviewed this order.');
        await addReview(tx, pharmacies, row.pharmacyId, body.rating);
      });
      return orderView(db, caller, id);
    },
  };
}
