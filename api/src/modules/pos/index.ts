import { mergePos } from './pos.merge.js';
import { bookingsModule } from '../bookings/index.js';
import { checkInModule } from '../checkin/index.js';
import { emailModule } from '../email/index.js';
import { invoicesModule } from '../invoices/index.js';
import { membershipsModule } from '../memberships/index.js';
import { defineModule } from '../module.js';
import { paymentsModule } from '../payments/index.js';
import { productsModule } from '../products/index.js';
import { PosDay, PosSale, PosSaleLine } from './pos.entity.js';
import { PosResolver } from './pos.resolver.js';
import { posRestRoutes } from './pos.rest.js';
import { PosService } from './pos.service.js';
import { posTopics } from './pos.topics.js';

/** The front-desk register (/admin/pos): sales of products and today's drop-ins, cash, receipts, refunds, closing the day. */
export const posModule = defineModule({
  name: 'pos',
  uses: [productsModule, paymentsModule, bookingsModule, checkInModule, emailModule, membershipsModule, invoicesModule],
  entities: [PosSale, PosSaleLine, PosDay],
  resolvers: [PosResolver],
  topics: posTopics,
  restRoutes: posRestRoutes,
  service: ({ env, products, payments, bookings, checkIn, email, invoices, memberships }) =>
    new PosService(
      { name: env.STUDIO_NAME, timeZone: env.STUDIO_TIME_ZONE, publicUrl: env.publicUrl },
      products,
      payments,
      bookings,
      checkIn,
      email,
      invoices,
      memberships,
    ),
  // A card payment made from the register's QR code completes its sale in the webhook's transaction.
  ports: ({ pos }) => ({ payments: { counterCheckoutPaid: (tx, paid) => pos.cardPaid(tx, paid) } }),
  // The duplicate's rows of an account merge are the kept account's.
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergePos(tx, pair)),
});
