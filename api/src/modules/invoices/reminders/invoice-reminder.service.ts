import { LockMode } from '@mikro-orm/postgresql';
import { formatMoney, INVOICE_REMINDER_DAYS } from '@studio/rules';
import { log } from '../../../logger.js';
import { NotificationType } from '../../notifications/notification.entity.js';
import { Invoice, InvoiceStatus } from '../invoice.entity.js';
import { invoiceNumber, stepDue } from '../invoice-data.js';
import { InvoiceParts } from '../invoice-parts.js';

/** Reminders of overdue invoices, one per step of INVOICE_REMINDER_DAYS. */
export class InvoiceReminderService extends InvoiceParts {
  /**
   * Sends the reminders due: an open invoice gets reminder k once it is INVOICE_REMINDER_DAYS[k - 1] days past due,
   * each once (the counter moves by a conditional update, so overlapping runs send one). Run daily by a job.
   */
  async sendReminders(now = new Date()): Promise<number> {
    const today = this.today(now);
    const em = this.orm.em.fork();
    const candidates = await em.find(
      Invoice,
      { status: InvoiceStatus.open, dueDate: { $lt: today }, remindersSent: { $lt: INVOICE_REMINDER_DAYS.length } },
      { orderBy: { dueDate: 'asc', id: 'asc' }, limit: 500 },
    );
    let sent = 0;
    for (const candidate of candidates) {
      const step = stepDue(candidate.dueDate, today);
      if (step <= candidate.remindersSent) continue;
      try {
        const email = await em.fork().transactional(async (tx) => {
          const invoice = await tx.findOne(Invoice, { id: candidate.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
          if (!invoice || invoice.status !== InvoiceStatus.open || invoice.remindersSent >= step) return undefined;
          // Only the latest step that is due goes out (a reminder never comes twice, and a late run does not send a burst).
          invoice.remindersSent = step;
          await tx.populate(invoice, ['member.guardian']);
          const recipient = this.notifications.recipientOf(invoice.member);
          const late = `${invoiceNumber(invoice.number)} (${formatMoney(invoice.totalCents)}) was due on ${invoice.dueDate}`;
          await this.notifications.add(tx, recipient, {
            type: NotificationType.other,
            title: `Reminder: invoice ${invoiceNumber(invoice.number)} is overdue`,
            message: `Invoice ${late}. You can pay it online from your profile.`,
            link: '/profile',
            dedupeKey: `invoice_reminder:${invoice.id}:${step}`,
          });
          const queued = recipient.email
            ? this.email.queue(tx, {
                to: recipient.email,
                subject: `Reminder: invoice ${invoiceNumber(invoice.number)} from ${this.studioName} is overdue`,
                text: [
                  `Hi ${recipient.firstName},`,
                  '',
                  `Invoice ${late}, and we have not received it yet.`,
                  'You can pay it online from your profile, or at the front desk.',
                  '',
                  'If you have already paid, thank you, and please ignore this message.',
                ].join('\n'),
                kind: 'invoice_reminder',
              })
            : null;
          await tx.flush();
          return queued;
        });
        if (email === undefined) continue;
        sent += 1;
        if (email) await this.email.dispatchAfterCommit(email);
      } catch (err) {
        log.warn('an invoice reminder could not be sent', { invoiceId: candidate.id, message: (err as Error).message });
      }
    }
    return sent;
  }
}
