import { bookingsModule } from '../bookings/index.js';
import { cartModule } from '../cart/index.js';
import { emailModule } from '../email/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { paymentsModule } from '../payments/index.js';
import { productsModule } from '../products/index.js';
import { Invoice, InvoiceLine } from './invoice.entity.js';
import { bookingFees, invoiceStanding } from './booking-fees.js';
import { startInvoiceJobs } from './invoice.jobs.js';
import { InvoiceResolver } from './invoice.resolver.js';
import { invoiceRestRoutes } from './invoice.rest.js';
import { InvoiceService } from './invoice.service.js';

/**
 * Invoices for members: made and sent by admins (or billed for late cancellations and no-shows), paid online through
 * the cart and checkout or at the desk, reminded when overdue.
 */
export const invoicesModule = defineModule({
  name: 'invoices',
  uses: [emailModule, notificationsModule, productsModule, cartModule, paymentsModule, bookingsModule],
  entities: [Invoice, InvoiceLine],
  resolvers: [InvoiceResolver],
  restRoutes: invoiceRestRoutes,
  service: ({ orm, env, email, notifications, payments, bookings }) => {
    const invoices = new InvoiceService(orm, env.STUDIO_TIME_ZONE, env.STUDIO_NAME, email, notifications, payments);
    // Late-cancellation and no-show fees become invoices; an overdue one keeps paid waitlist offers away.
    bookings.chargeFeesWith(bookingFees(invoices, env.STUDIO_TIME_ZONE));
    bookings.checkStandingWith(invoiceStanding(invoices));
    return invoices;
  },
  jobs: (services) => startInvoiceJobs(services),
});
