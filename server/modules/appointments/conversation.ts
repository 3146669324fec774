import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { conversationQuery } from '../../../domain/schemas/appointments.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import { appointmentMessages } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { actorOf, nameOf } from './messages.ts';
import { reachAppointment, toMessage } from './queries.ts';
import type { AppointmentsDeps } from './service.ts';

/** The conversation on an appointment: its pages, and a party writing in it. Part of the appointments service. */
export function conversationUseCases({ db, realtime, notify }: AppointmentsDeps) {
  return {
    async conversation(caller: AuthUser, id: string, query: z.output<typeof conversationQuery>) {
      await reachAppointment(db, caller, id);
      const where = eq(appointmentMessages.appointmentId, id);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(appointmentMessages)
          .where(where)
          .orderBy(desc(appointmentMessages.createdAt), desc(appointmentMessages.id))
          .limit(query.limit)
          .offset(pageOffset(query.page, query.limit)),
        db.select({ n: count() }).from(appointmentMessages).where(where),
      ]);
      return { messages: rows.map(toMessage), pagination: paginationOf(query.page, query.limit, total?.n ?? 0) };
    },

    async sendMessage(caller: AuthUser, id: string, body: string) {
      const { row, party } = await reachAppointment(db, caller, id);
      if (party === 'ADMIN')
        throw forbidden('Only the patient, the doctor and the hospital write in an appointment’s conversation.');
      const name = nameOf(caller, row);
      const [inserted] = await db
        .insert(appointmentMessages)
        .values({
          appointmentId: id,
          kind: 'MESSAGE',
          authorRole: actorOf(caller),
          authorUserId: caller.id,
          authorName: name,
          body,
        })
        .returning();
      const message = toMessage(inserted!);
      for (const room of [row.patientId, row.doctorId, row.hospitalId]) {
        if (room) realtime.emit(room, 'messageToTheConversation', { appointmentId: id, message });
      }
      const others = [party === 'PATIENT' ? null : row.patientId, row.doctorId, row.hospitalId].filter(
        (ref): ref is string => Boolean(ref) && ref !== caller.referenceId,
      );
      await notify.notifyProfiles(
        others,
        {
          title: `New message from ${name}`,
          message: body.length > 140 ? `${body.slice(0, 139)}…` : body,
          type: 'APPOINTMENT_UPDATE',
          data: { appointmentId: id, url: `/appointments/${id}` },
        },
        caller.id,
      );
      return message;
    },
  };
}
