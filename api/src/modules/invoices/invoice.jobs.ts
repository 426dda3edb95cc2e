import type { QueueDeclaration } from '../../jobs/queue-declaration.js';
import type { InvoiceService } from './invoice.service.js';

/** Every hour: overdue invoices get their reminders (each step once per invoice; see InvoiceService.sendReminders). */
export const invoiceQueues: QueueDeclaration<{ invoices: InvoiceService }>[] = [
  {
    name: 'invoices-overdue-reminders',
    description: 'Sends the reminders of overdue invoices (each step once per invoice)',
    cron: '17 * * * *',
    run: ({ invoices }) => invoices.sendReminders(),
  },
];
