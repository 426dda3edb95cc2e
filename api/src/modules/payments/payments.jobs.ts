import { log } from '../../logger.js';
import type { PaymentService } from './payments.service.js';
import type PgBoss from 'pg-boss';

const SETTLE_QUEUE = 'payments-settle-overdue';

/** Every minute: checkout sessions past their expiry whose ending never arrived are settled (stock returned, or paid). */
export async function startPaymentJobs({ jobs, payments }: { jobs: PgBoss; payments: PaymentService }): Promise<void> {
  if (!payments.provider) return;
  await jobs.createQueue(SETTLE_QUEUE);
  await jobs.work(SETTLE_QUEUE, async () => {
    const count = await payments.settleOverdue();
    if (count) log.info('job done', { job: SETTLE_QUEUE, count });
  });
  await jobs.schedule(SETTLE_QUEUE, '* * * * *');
}
