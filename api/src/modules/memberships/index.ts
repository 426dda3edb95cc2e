import { mergeMemberships } from './memberships.merge.js';
import { bookingsModule } from '../bookings/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { paymentsModule } from '../payments/index.js';
import { productsModule } from '../products/index.js';
import { settingsModule } from '../settings/index.js';
import { ClassPack, EntitlementUse, Membership, MembershipCheckout, MembershipPlan } from './membership.entity.js';
import { MEMBERSHIP_EVENTS, MembershipWebhooks } from './membership-webhooks.js';
import { membershipQueues } from './memberships.jobs.js';
import { membershipLoaders } from './memberships.loaders.js';
import { MembershipPlanResolver, MembershipResolver, UserMembershipsResolver } from './memberships.resolver.js';
import { testSubscribeRoutes } from './memberships.routes.js';
import { MembershipService } from './memberships.service.js';
import { membershipExports } from './memberships.exports.js';

/** Membership plans, members' memberships, class packs, and what pays for a booking before the cart. */
export const membershipsModule = defineModule({
  name: 'memberships',
  exports: membershipExports,
  uses: [settingsModule, notificationsModule, bookingsModule, productsModule, paymentsModule],
  entities: [MembershipPlan, Membership, ClassPack, EntitlementUse, MembershipCheckout],
  resolvers: [MembershipPlanResolver, MembershipResolver, UserMembershipsResolver],
  service: ({ env, settings, notifications, payments, events }) => {
    const memberships = new MembershipService(settings, notifications, payments, env.publicUrl, events);
    return Object.assign(memberships, { webhooks: new MembershipWebhooks(memberships, notifications, payments, env.STUDIO_TIME_ZONE) });
  },
  ports: ({ memberships }) => ({
    // A member's booking is paid by their comp, unlimited or limited membership or class pack before the cart.
    bookings: { payer: memberships },
    // Subscriptions and their invoices, recorded once per event id by payments, applied in its transaction.
    payments: { providerEvents: { types: MEMBERSHIP_EVENTS, handle: (tx, event) => memberships.webhooks.handle(tx, event) } },
  }),
  // Class packs bought in the shop or at the desk become packs in the order's transaction.
  // A merge of two accounts moves the duplicate's memberships and packs to the kept account.
  events: (on, { memberships }) => {
    on('order.paid', 'inTransaction', (tx, { orderId, ownerId }) => memberships.fulfilPacks(tx, { id: orderId, ownerId }));
    on('member.merged', 'inTransaction', (tx, pair) => mergeMemberships(tx, pair));
  },
  httpRoutes: ({ memberships, orm, env }) => testSubscribeRoutes(memberships, orm, env),
  queues: membershipQueues,
  loaders: (request) => membershipLoaders(request),
});
