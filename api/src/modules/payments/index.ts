import { mergePayments } from './payments.merge.js';
import { bookingsModule } from '../bookings/index.js';
import { cartModule } from '../cart/index.js';
import { emailModule } from '../email/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { productsModule } from '../products/index.js';
import { CheckoutSession } from './checkout-session.entity.js';
import { Order, OrderLine, Refund } from './order.entity.js';
import { PaymentEvent } from './payment-event.entity.js';
import { providerMode, StripeProvider, testProviderSecret } from './payment-provider.js';
import { paymentQueues } from './payments.jobs.js';
import { OrderLineResolver, PaymentResolver, UserOrdersResolver } from './payments.resolver.js';
import { paymentRestRoutes } from './payments.rest.js';
import { stripeWebhookRoute, testCheckoutRoutes } from './payments.routes.js';
import { PaymentService } from './payments.service.js';
import { TestPaymentProvider } from './test-provider.js';
import { paymentTopics } from './payments.topics.js';
import { paymentExports } from './payments.exports.js';

/** Checkout through a payment provider (Stripe, or the built-in test provider), webhooks, orders and refunds. */
export const paymentsModule = defineModule({
  name: 'payments',
  exports: paymentExports,
  uses: [notificationsModule, emailModule, bookingsModule, productsModule, cartModule],
  entities: [CheckoutSession, Order, OrderLine, Refund, PaymentEvent],
  resolvers: [PaymentResolver, OrderLineResolver, UserOrdersResolver],
  topics: paymentTopics,
  restRoutes: paymentRestRoutes,
  service: ({ env, orm, bookings, cart, products, email, notifications, events }) =>
    new PaymentService(
      env,
      orm,
      (self) => {
        const mode = providerMode(env);
        if (mode === 'stripe_live' || mode === 'stripe_test')
          return new StripeProvider(env.STRIPE_SECRET_KEY!, env.STRIPE_WEBHOOK_SECRET!, env.STRIPE_API_URL);
        if (mode === 'test_provider')
          return new TestPaymentProvider(testProviderSecret(env.dataDir), env.publicUrl, {
            session: (id) => self.sessionByProviderId(id),
            deliver: (event) => self.deliverSigned(event),
          });
        return null;
      },
      bookings,
      cart,
      products,
      email,
      notifications,
      events,
    ),
  events: (on, { payments }) => {
    // A merge of two accounts moves the duplicate's orders and checkouts to the kept account.
    on('member.merged', 'inTransaction', (tx, pair) => mergePayments(tx, pair));
    // A paid class cancelled before the cutoff is refunded (the provider's idempotency key makes a repeat one refund).
    on('booking.cancelled', 'afterCommit', async (_em, { bookingId, refundDue }) => {
      if (refundDue) await payments.refundBookings([bookingId], 'Class cancelled before the cutoff');
    });
    // A spot let go while its payment page is open: the session closes here and at the provider (its other lines'
    // stock goes back); a payment that still arrives is refunded automatically.
    on('booking.hold_released', 'afterCommit', async (tx, { bookingId }) => {
      await payments.expireClosed(await payments.closeCheckoutsHolding(tx, { bookingId }));
    });
  },
  httpRoutes: ({ payments, env }) => [stripeWebhookRoute(payments), ...testCheckoutRoutes(payments, env)],
  queues: paymentQueues,
});
