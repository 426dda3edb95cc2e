import type PgBoss from 'pg-boss';
import { log } from '../../logger.js';
import type { InvoiceService } from './invoice.service.js';

const REMINDER_QUEUE = 'invoices-overdue-reminders';

/** Every hour: overdue invoices get their reminders (each step once per invoice; see InvoiceService.sendReminders). */
export async function startInvoiceJobs({ jobs, invoices }: { jobs: PgBoss; invoices: InvoiceService }): Promise<void> {
  await jobs.createQueue(REMINDER_QUEUE);
  await jobs.work(REMINDER_QUEUE, async () => {
    const count = await invoices.sendReminders();
    if (count) log.info('job done', { job: REMINDER_QUEUE, count });
  });
  await jobs.schedule(REMINDER_QUEUE, '17 * * * *');
}
