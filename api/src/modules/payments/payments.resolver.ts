import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Subscription } from 'type-graphql';
import { Public, Scope } from '../../graphql/access.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import type { OrderPaidEvent } from './payments.topics.js';
import { CheckoutSession } from './checkout-session.entity.js';
import { refundableCents } from './orders/paid-shares.js';
import { Order, OrderLine } from './order.entity.js';
import { CheckoutResult, CheckoutSessionArgs, CheckoutSessionPayload, PaymentsOverview, RefundOrderArgs } from './payments.types.js';
import { PaymentEvent } from './payment-event.entity.js';
import { Refund } from './order.entity.js';
import { PersonSummary, summarize } from '../users/person-summary.js';
import { User } from '../users/user.entity.js';
import { Role } from '../users/role.js';

/**
 * The order of a checkout session as soon as it is paid: at once when it already is, else on the ORDER_PAID event
 * (listening starts before the database is asked, so an order made in between is not missed). Then it ends.
 */
async function* orderPaidFor(ctx: Context, sessionId: string): AsyncGenerator<OrderPaidEvent> {
  const viewer = ctx.user;
  if (!viewer) return;
  const userId = viewer.id;
  const events = ctx.services.pubsub.subscribe('ORDER_PAID')[Symbol.asyncIterator]();
  const next = events.next();
  try {
    const { order } = await ctx.services.payments.checkoutResult(ctx.services.orm.em.fork(), viewer, sessionId);
    if (order) {
      yield { userId, checkoutSessionId: sessionId, orderId: order.id };
      return;
    }
    for (let result = await next; !result.done; result = await events.next()) {
      if (result.value.userId === userId && result.value.checkoutSessionId === sessionId) {
        yield result.value;
        return;
      }
    }
  } finally {
    await events.return?.();
  }
}

@Resolver(() => Order)
export class PaymentResolver {
  @Authorized()
  @Scope('commerce:write')
  @Mutation(() => CheckoutSessionPayload, {
    description:
      'Starts checkout for the whole cart (held spots and products): reserves stock, holds the spots while the session is open, and answers the payment page. The same cart answers the same session.',
  })
  createCheckoutSession(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<CheckoutSessionPayload> {
    return ctx.services.payments.createCheckout(ctx.em, user, ctx.appOrigin);
  }

  @Authorized()
  @Scope('commerce:read')
  @Query(() => CheckoutResult, { description: 'How one of your checkout sessions ended, with its order once paid (/payment-success)' })
  checkoutResult(@Args() { sessionId }: CheckoutSessionArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<CheckoutResult> {
    return ctx.services.payments.checkoutResult(ctx.em, user, sessionId);
  }

  @Authorized()
  @Scope('commerce:read')
  @Query(() => [Order], { description: 'Your orders, newest first (the last 50)' })
  myOrders(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Order[]> {
    return ctx.services.payments.myOrders(ctx.em, user);
  }

  @Authorized()
  @Scope('commerce:read')
  @Subscription(() => Order, {
    description: 'The order of one of your checkout sessions, once it is paid (at once if it already is); then it ends',
    subscribe: ({ args, context }) => orderPaidFor(context as Context, (args as CheckoutSessionArgs).sessionId),
  })
  async orderPaid(@Parent() event: OrderPaidEvent, @Args() _args: CheckoutSessionArgs, @Ctx() ctx: Context): Promise<Order> {
    return ctx.em.findOneOrFail(Order, { id: event.orderId }, { populate: ['lines'] });
  }

  @Public()
  @Scope('commerce:read')
  @Query(() => Boolean, {
    description: 'Whether checkout uses the built-in test provider (no card is charged): every page says so in a banner',
  })
  paymentsTestMode(@Ctx() ctx: Context): boolean {
    return ctx.services.payments.mode === 'test_provider';
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => PaymentsOverview, { description: 'Admin → Stripe: provider, mode, settings, recent events and payments' })
  paymentsOverview(@Ctx() ctx: Context): Promise<PaymentsOverview> {
    return ctx.services.payments.overview(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Order, { description: 'Refunds a whole order, or some of its lines; refunded spots are freed, products restocked' })
  refundOrder(@Args() { orderId, lineIds, reason }: RefundOrderArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Order> {
    return ctx.services.payments.refundOrder(ctx.em, user, orderId, lineIds ?? null, reason);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => PaymentEvent, { description: 'Handles a failed webhook event again from what was received' })
  replayPaymentEvent(@Arg('eventId', () => String) eventId: string, @Ctx() ctx: Context): Promise<PaymentEvent> {
    return ctx.services.payments.replayEvent(ctx.em, eventId);
  }

  @FieldResolver(() => PersonSummary, { nullable: true, description: 'Who paid; null for a walk-in at the front desk' })
  async owner(@Parent() order: Order, @Ctx() ctx: Context): Promise<PersonSummary | null> {
    return order.owner ? summarize(await ctx.loaders.load(User, order.owner)) : null;
  }

  @FieldResolver(() => [Refund])
  refunds(@Parent() order: Order): Promise<Refund[]> | Refund[] {
    return order.refunds.isInitialized() ? order.refunds.getItems() : order.refunds.loadItems();
  }

  @FieldResolver(() => [OrderLine])
  lines(@Parent() order: Order): Promise<OrderLine[]> | OrderLine[] {
    return order.lines.isInitialized() ? order.lines.getItems() : order.lines.loadItems();
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The payment session it was paid through (cs_…); null for a sale at the front desk',
  })
  async checkoutSessionId(@Parent() order: Order, @Ctx() ctx: Context): Promise<string | null> {
    return order.checkoutSession ? (await ctx.loaders.load(CheckoutSession, order.checkoutSession)).providerSessionId : null;
  }
}

@Resolver(() => OrderLine)
export class OrderLineResolver {
  @FieldResolver(() => Int, { description: 'Unit price times quantity, in cents' })
  totalCents(@Parent() line: OrderLine): number {
    return line.unitCents * line.quantity;
  }

  @FieldResolver(() => Int, {
    description:
      'What refunding this line gives back now: its share of what the order was paid (after a front-desk discount), less what was refunded of it',
  })
  async refundableCents(@Parent() line: OrderLine, @Ctx() ctx: Context): Promise<number> {
    const order = await ctx.loaders.load(Order, line.order);
    if (!order.lines.isInitialized()) await ctx.em.populate(order, ['lines']);
    return refundableCents(
      { totalCents: order.totalCents, refundedCents: order.refundedCents, lines: order.lines.getItems() },
      new Set([line.id]),
    );
  }
}

/** What the admin's user drawer shows of a person's money: the orders they paid. */
@Resolver(() => User)
export class UserOrdersResolver {
  @Authorized(Role.admin)
  @FieldResolver(() => [Order], { description: 'The orders this person paid, newest first (the last 50; admins)' })
  orders(@Parent() user: User, @Ctx() ctx: Context): Promise<Order[]> {
    return ctx.services.payments.myOrders(ctx.em, user);
  }
}
