import { mergeInvoices } from './invoices.merge.js';
import { bookingsModule } from '../bookings/index.js';
import { cartModule } from '../cart/index.js';
import { emailModule } from '../email/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { paymentsModule } from '../payments/index.js';
import { productsModule } from '../products/index.js';
import { Invoice, InvoiceLine } from './invoice.entity.js';
import { bookingFees, invoiceStanding } from './booking-fees.js';
import { invoiceQueues } from './invoice.jobs.js';
import { InvoiceResolver, UserInvoicesResolver } from './invoice.resolver.js';
import { invoiceRestRoutes } from './invoice.rest.js';
import { InvoiceService } from './invoice.service.js';
import { invoiceExports } from './invoices.exports.js';

/**
 * Invoices for members: made and sent by admins (or billed for late cancellations and no-shows), paid online through
 * the cart and checkout or at the desk, reminded when overdue.
 */
export const invoicesModule = defineModule({
  name: 'invoices',
  exports: invoiceExports,
  uses: [emailModule, notificationsModule, productsModule, cartModule, paymentsModule, bookingsModule],
  entities: [Invoice, InvoiceLine],
  resolvers: [InvoiceResolver, UserInvoicesResolver],
  restRoutes: invoiceRestRoutes,
  service: ({ orm, env, email, notifications, payments, events }) =>
    new InvoiceService(orm, env.STUDIO_TIME_ZONE, env.STUDIO_NAME, email, notifications, payments, events),
  // Late-cancellation and no-show fees become invoices; an overdue one keeps paid waitlist offers away.
  ports: ({ env, invoices }) => ({
    bookings: { fees: bookingFees(invoices, env.STUDIO_TIME_ZONE), standing: invoiceStanding(invoices) },
    // An invoice settled or voided while its online payment was on its way is refunded, not paid twice.
    payments: { undeliverable: (tx, variantIds) => invoices.unpayable(tx, variantIds) },
  }),
  // An invoice bought through the cart is paid in the order's transaction.
  // A merge of two accounts moves the duplicate's invoices to the kept account.
  events: (on, { invoices }) => {
    on('order.paid', 'inTransaction', (tx, paid) => invoices.paidOnline(tx, paid));
    on('member.merged', 'inTransaction', (tx, pair) => mergeInvoices(tx, pair));
  },
  queues: invoiceQueues,
});
