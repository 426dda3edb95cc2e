import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmailService } from '../email/email.service.js';
import { EmailOptOut } from './mailing.entity.js';

/**
 * Who takes no more mailings (studio news): an unsubscribe link, its one-click header, or the profile's toggle.
 * Honoured at once: the next slices leave the person out, and their messages not sent yet are withdrawn.
 */
export class MailingOptOuts {
  constructor(private readonly email: EmailService) {}

  /** Stops mailings to a person at once. */
  async unsubscribe(em: EntityManager, userId: string, via: EmailOptOut['via']): Promise<void> {
    await em
      .getConnection()
      .execute(
        'insert into email_opt_out (user_id, at, via) values (?, now(), ?) on conflict (user_id) do nothing',
        [userId, via],
        'run',
        em.getTransactionContext(),
      );
    await this.email.withdraw(
      em,
      { sql: 'select outbox_email_id from mailing_recipient where addressee_id = ? and outbox_email_id is not null', params: [userId] },
      'The recipient unsubscribed',
    );
  }

  async resubscribe(em: EntityManager, userId: string): Promise<void> {
    await em.getConnection().execute('delete from email_opt_out where user_id = ?', [userId], 'run', em.getTransactionContext());
  }

  async optOutOf(em: EntityManager, userId: string): Promise<Date | null> {
    const row = await em.findOne(EmailOptOut, { user: userId });
    return row?.at ?? null;
  }
}
