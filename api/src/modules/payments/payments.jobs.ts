import type { QueueDeclaration } from '../../jobs/queue-declaration.js';
import type { PaymentService } from './payments.service.js';

/** Every minute: checkout sessions past their expiry whose ending never arrived are settled (stock returned, or paid). */
export const paymentQueues: QueueDeclaration<{ payments: PaymentService }>[] = [
  {
    name: 'payments-settle-overdue',
    description: 'Settles checkouts past their expiry whose ending never arrived (stock returned, or paid)',
    cron: '* * * * *',
    enabled: ({ payments }) => payments.provider !== null,
    run: ({ payments }) => payments.settleOverdue(),
  },
];
