import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { afterCommit } from './unitOfWork.ts';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Every mail is kept in mail_outbox (what the development mailbox reads); with SMTP_URL it is also
 * sent, after the request has been answered, and the outcome recorded on the row.
 */
export async function createMailer(
  db: Db,
  log: FastifyBaseLogger,
  options: { smtpUrl: string | undefined; from: string },
): Promise<Mailer> {
  const transport = options.smtpUrl ? (await import('nodemailer')).createTransport(options.smtpUrl) : undefined;
  const { from } = options;
  return {
    async send(mail) {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      // The body holds single-use links: the log gets the subject only.
      log.info(
        { mailId: row?.id, subject: mail.subject },
        transport ? 'mail queued for SMTP' : 'mail stored (no SMTP_URL)',
      );
      if (!transport || !row) return;
      // A mail about a change that may still roll back (its links would lead nowhere) waits for the commit.
      afterCommit(() => {
        transport
          .sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
          .then(() => db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id)))
          .catch((error: Error) => {
            log.error({ mailId: row.id, err: error }, 'mail could not be sent');
            return db
              .update(mailOutbox)
              .set({ lastError: error.message.slice(0, 500) })
              .where(eq(mailOutbox.id, row.id));
          })
          .catch(() => undefined);
      });
    },
  };
}
