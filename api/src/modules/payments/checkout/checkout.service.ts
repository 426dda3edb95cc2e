import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { describeClassTime } from '../../../common/studio-time.js';
import type { Env } from '../../../env.js';
import { RefusalReason, badInput, conflict, providerUnavailable } from '../../../graphql/errors.js';
import { log } from '../../../logger.js';
import type { BookingService } from '../../bookings/booking.service.js';
import type { CartService } from '../../cart/cart.service.js';
import { ProductCategory } from '../../products/product.entity.js';
import { stockRefusal, variantName, type ProductService } from '../../products/product.service.js';
import { User } from '../../users/user.entity.js';
import { CheckoutSession, CheckoutStatus, type CheckoutLine } from '../checkout-session.entity.js';
import { type PaymentProvider, requireProvider } from '../payment-provider.js';

/** Stripe's shortest Checkout Session life: the session, its stock and its class holds last this long. */
export const CHECKOUT_SESSION_MINUTES = 30;
/** Class holds outlive their session a little, so a payment made at the last second still finds its spot. */
const HOLD_GRACE_MS = 10 * 60_000;

export const EMPTY_CART_MESSAGE = 'Cart Empty: Please add items to your cart before checking out.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Checkout sessions: a member's cart checkout (its stock reserved and its class holds extended inside one
 * transaction, serialised per member; one provider session per cart state), sessions other modules open for what
 * they sell, and closing sessions (their stock back, the provider told after commit).
 */
export class CheckoutService {
  constructor(
    private readonly env: Env,
    private readonly provider: PaymentProvider | null,
    private readonly bookings: BookingService,
    private readonly cart: CartService,
    private readonly products: ProductService,
  ) {}
  /**
   * Where a paid checkout returns: /invoice-payment-success when it pays an invoice, else /payment-success; on the
   * origin the member's browser uses (`appOrigin`, see common/app-origin.ts), else PUBLIC_URL.
   */
  successUrl(forInvoice = false, appOrigin?: string | null): string {
    const base = appOrigin ?? this.env.publicUrl;
    return `${base}/${forInvoice ? 'invoice-payment-success' : 'payment-success'}?session_id={CHECKOUT_SESSION_ID}`;
  }

  /** Where a cancelled checkout returns: /invoice-payment-failure when it was to pay an invoice, else the dashboard. */
  cancelUrl(forInvoice = false, providerSessionId?: string, appOrigin?: string | null): string {
    const base = appOrigin ?? this.env.publicUrl;
    if (!forInvoice) return `${base}/dashboard?checkout=cancelled`;
    return `${base}/invoice-payment-failure${providerSessionId ? `?session_id=${encodeURIComponent(providerSessionId)}` : ''}`;
  }

  /** Whether a checkout session pays (among others) an invoice. */
  paysInvoice(session: Pick<CheckoutSession, 'lines'>): boolean {
    return session.lines.some((l) => l.invoice);
  }

  /** Starts (or answers the already open) checkout for the member's whole cart: held spots and products. */
  async createCheckout(em: EntityManager, actor: User, appOrigin?: string | null): Promise<{ url: string; sessionId: string }> {
    const provider = requireProvider(this.provider);
    const replaced: string[] = [];
    const session = await em.transactional(async (tx) => {
      await tx
        .getConnection()
        .execute(`select pg_advisory_xact_lock(hashtext('checkout:' || ?))`, [actor.id], 'get', tx.getTransactionContext());
      const held = await this.bookings.cart(tx, actor);
      const products = await this.cart.productCart(tx, actor);
      if (held.length === 0 && products.length === 0) throw badInput(EMPTY_CART_MESSAGE);
      const archived = products.find((p) => !p.variant.product.active);
      if (archived)
        throw conflict(
          `${variantName(archived.variant.product, archived.variant)} is no longer sold: remove it from your cart.`,
          RefusalReason.NO_LONGER_SOLD,
        );

      const lines: CheckoutLine[] = [
        ...held.map((b) => ({
          kind: 'class' as const,
          description: `${b.classInstance.blueprint.name}, ${describeClassTime(b.classInstance.startsAt, this.env.STUDIO_TIME_ZONE)}, for ${b.attendee.firstName}`,
          unitCents: b.priceCents,
          quantity: 1,
          bookingId: b.id,
          classInstanceId: b.classInstance.id,
        })),
        ...products.map((p) => ({
          kind: 'product' as const,
          description: variantName(p.variant.product, p.variant),
          unitCents: p.variant.product.priceCents,
          quantity: p.quantity,
          variantId: p.variant.id,
          ...(p.variant.product.category === ProductCategory.invoice ? { invoice: true } : {}),
        })),
      ];
      const cartKey = sha256(JSON.stringify(lines.map((l) => [l.bookingId ?? l.variantId, l.quantity, l.unitCents])));

      const open = await tx.findOne(CheckoutSession, { owner: actor.id, status: CheckoutStatus.open });
      // The same cart, still open for a while: the same session (a double click, a second tab).
      if (open && open.cartKey === cartKey && open.expiresAt.getTime() > Date.now() + 60_000) return open;
      if (open) {
        // The cart changed: the old session is replaced, its stock returned (the provider is told after commit).
        await this.release(tx, open, CheckoutStatus.expired);
        replaced.push(open.providerSessionId);
      }

      for (const line of lines) {
        if (line.kind !== 'product') continue;
        if (!(await this.products.takeStock(tx, line.variantId!, line.quantity)))
          throw stockRefusal(line.description, (await this.products.stockOf(tx, line.variantId!)) ?? 0);
      }
      const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_MINUTES * 60_000);
      await this.bookings.extendHolds(
        tx,
        held.map((b) => b.id),
        new Date(expiresAt.getTime() + HOLD_GRACE_MS),
      );

      // Derived from the cart (and how often this cart was checked out before), so a retried call is one session.
      const attempt = await tx.count(CheckoutSession, { owner: actor.id, cartKey });
      const row = tx.create(CheckoutSession, {
        owner: actor,
        provider: provider.mode,
        providerSessionId: 'pending',
        url: '',
        cartKey,
        lines,
        amountCents: lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0),
        expiresAt,
      });
      let created: { id: string; url: string };
      try {
        created = await provider.createCheckoutSession({
          idempotencyKey: `checkout-${sha256(`${actor.id}:${cartKey}:${attempt}`)}`,
          lines: lines.map((l) => ({ name: l.description, unitCents: l.unitCents, quantity: l.quantity })),
          successUrl: this.successUrl(this.paysInvoice({ lines }), appOrigin),
          cancelUrl: this.cancelUrl(this.paysInvoice({ lines }), undefined, appOrigin),
          expiresAt,
          customerEmail: actor.email,
          checkoutId: row.id,
          ownerId: actor.id,
        });
      } catch (err) {
        log.error('checkout session not created', { message: (err as Error).message });
        throw providerUnavailable('The payment provider could not be reached. Please try again in a moment.');
      }
      row.providerSessionId = created.id;
      row.url = created.url;
      await tx.flush();
      return row;
    });
    for (const id of replaced) await this.expireAtProvider(id);
    return { url: session.url, sessionId: session.providerSessionId };
  }

  /**
   * Closes an open session and returns its stock, in one statement (once: the status change is conditional, and a
   * session being fulfilled meanwhile is waited for and then no longer open). False when it was no longer open.
   */
  async release(tx: EntityManager, session: CheckoutSession, status: CheckoutStatus.expired | CheckoutStatus.failed): Promise<boolean> {
    const [{ closed }] = await tx
      .getConnection()
      .execute<{ closed: number }[]>(
        `with ${this.closeSql('id')} select count(*)::int as closed from closed`,
        [status, session.id],
        'all',
        tx.getTransactionContext(),
      );
    if (closed !== 1) return false;
    session.status = status;
    return true;
  }

  /**
   * CTEs `closed` (the open session matched by `column = ?`, set to the status `?`) and `returned` (its products back
   * in stock). Parameters: the status, the match; `guard` adds a condition (e.g. that an event row was written).
   */
  closeSql(column: 'id' | 'provider_session_id', guard = ''): string {
    return `closed as (
              update checkout_session set status = ? where ${column} = ? and status = 'open' ${guard} returning lines),
            returned as (${this.products.returnLinesSql('closed')})`;
  }

  /**
   * Closes the open checkout sessions that hold a product (an invoice settled at the desk or voided) or a class spot
   * (its hold released), in the caller's transaction: their stock goes back. Answers their provider ids for
   * `expireClosed` after the commit, so the payment pages close too; a payment that still arrives for one is refunded
   * automatically.
   */
  async closeCheckoutsHolding(tx: EntityManager, held: { variantId: string } | { bookingId: string }): Promise<string[]> {
    const closed = await tx.getConnection().execute<{ provider_session_id: string }[]>(
      `with closed as (
         update checkout_session set status = 'expired'
          where status = 'open' and lines @> ?::jsonb
         returning lines, provider_session_id),
       returned as (${this.products.returnLinesSql('closed')})
       select provider_session_id from closed`,
      [JSON.stringify([held])],
      'all',
      tx.getTransactionContext(),
    );
    return closed.map((row) => row.provider_session_id);
  }

  /** After the commit that closed them (closeCheckoutsHolding): the provider expires the sessions as well. */
  async expireClosed(providerSessionIds: string[]): Promise<void> {
    for (const id of providerSessionIds) await this.expireAtProvider(id);
  }

  /** Tells the provider a session closed here is over (a failure is only logged: the session expires there anyway). */
  async expireAtProvider(providerSessionId: string): Promise<void> {
    try {
      await this.provider?.expireCheckoutSession(providerSessionId);
    } catch (err) {
      log.warn('could not expire a replaced checkout session at the provider', { providerSessionId, message: (err as Error).message });
    }
  }

  /**
   * A checkout session no member's cart opened (its owner is null; `counterSaleId` names what it pays, and paying it
   * goes to the counterCheckoutPaid port), for `amountCents` (after discounts) as one line named `description`, with
   * the caller's return addresses. Its products are reserved now, as a cart's are, and go back when the session
   * expires or is closed. In the caller's transaction; the session carries the address to pay at.
   */
  async openCheckout(
    tx: EntityManager,
    sale: {
      counterSaleId: string;
      description: string;
      lines: CheckoutLine[];
      amountCents: number;
      customerEmail: string | null;
      successUrl: string;
      cancelUrl: string;
    },
  ): Promise<CheckoutSession> {
    const provider = requireProvider(this.provider);
    for (const line of sale.lines) {
      if (line.kind !== 'product' || !line.variantId) continue;
      if (!(await this.products.takeStock(tx, line.variantId, line.quantity)))
        throw stockRefusal(line.description, (await this.products.stockOf(tx, line.variantId)) ?? 0);
    }
    const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_MINUTES * 60_000);
    const row = tx.create(CheckoutSession, {
      owner: null,
      counterSaleId: sale.counterSaleId,
      provider: provider.mode,
      providerSessionId: 'pending',
      url: '',
      cartKey: sha256(`counter:${sale.counterSaleId}`),
      lines: sale.lines,
      amountCents: sale.amountCents,
      expiresAt,
    });
    let created: { id: string; url: string };
    try {
      created = await provider.createCheckoutSession({
        idempotencyKey: `counter-${row.id}`,
        lines: [{ name: sale.description, unitCents: sale.amountCents, quantity: 1 }],
        successUrl: sale.successUrl,
        cancelUrl: sale.cancelUrl,
        expiresAt,
        customerEmail: sale.customerEmail,
        checkoutId: row.id,
        ownerId: null,
      });
    } catch (err) {
      log.error('checkout session not created', { counterSaleId: sale.counterSaleId, message: (err as Error).message });
      throw providerUnavailable('The payment provider could not be reached. Please try again in a moment.');
    }
    row.providerSessionId = created.id;
    row.url = created.url;
    await tx.flush();
    return row;
  }

  /**
   * Closes a session opened by openCheckout that is still open (its stock goes back); the provider is told after
   * commit (`expireAtProvider`). Answers the provider's session id when this closed it, null when it was no longer open.
   */
  async closeCheckout(tx: EntityManager, checkoutId: string): Promise<string | null> {
    const session = await tx.findOne(CheckoutSession, { id: checkoutId });
    if (!session) return null;
    return (await this.release(tx, session, CheckoutStatus.expired)) ? session.providerSessionId : null;
  }

  /** Whether a checkout session is still open (waiting for the customer). */
  async checkoutOpen(em: EntityManager, checkoutId: string | null): Promise<boolean> {
    if (!checkoutId) return false;
    return (await em.count(CheckoutSession, { id: checkoutId, status: CheckoutStatus.open })) > 0;
  }
}
