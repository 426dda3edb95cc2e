import { formatMoney, fullName } from '@studio/rules';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { addDaysToDate } from '../../../common/studio-time.js';
import { badInput, conflict } from '../../../graphql/errors.js';
import { publishOnCommit } from '../../../graphql/pubsub.js';
import { Booking, PaymentStatus } from '../../bookings/booking.entity.js';
import { Invoice, InvoiceStatus } from '../../invoices/invoice.entity.js';
import { invoiceNumber } from '../../invoices/invoice.service.js';
import type { CheckoutSession } from '../../payments/checkout-session.entity.js';
import { OrderLineKind } from '../../payments/order.entity.js';
import { stockRefusal } from '../../products/product.service.js';
import { User } from '../../users/user.entity.js';
import { PosCategory, PosPaymentMethod, PosSale, PosSaleStatus } from '../pos.entity.js';
import { assertMayActOnSale, assertMayUsePos } from '../pos.policy.js';
import { receiptNumber } from '../pos.receipt.js';
import { PosRegister } from '../pos-register.js';
import { ACCOUNT_DUE_DAYS, invoiceLines, payable, saleTotals } from '../sale-totals.js';

/**
 * Paying a sale (cash, on the member's account, or by card through a checkout link) in one transaction that takes
 * the stock, books the drop-ins and records the order; refunding a paid sale.
 */
export class PosPaymentService extends PosRegister {
  /**
   * Cash: the change is worked out, then in one transaction the stock is taken (an oversell is refused with the
   * shop's own "Only 2 left" message and nothing happens), drop-ins are booked for the member and marked paid, and
   * payments records the order (a member's class packs become packs through its paid-order fulfilment).
   */
  async payCash(em: EntityManager, actor: User, saleId: string, tenderedCents: number): Promise<PosSale> {
    return this.settle(em, actor, saleId, { method: PosPaymentMethod.cash, tenderedCents });
  }

  /**
   * Charged to the member's account: the same transaction as cash (stock, drop-ins, the order, packs), and an invoice
   * for the sale's lines (discounts as credit lines) is made and sent to the member, due in ACCOUNT_DUE_DAYS days.
   */
  async chargeToAccount(em: EntityManager, actor: User, saleId: string): Promise<PosSale> {
    return this.settle(em, actor, saleId, { method: PosPaymentMethod.account });
  }

  private async settle(
    em: EntityManager,
    actor: User,
    saleId: string,
    pay: { method: PosPaymentMethod.cash; tenderedCents: number } | { method: PosPaymentMethod.account },
  ): Promise<PosSale> {
    assertMayUsePos(actor);
    await em.transactional(async (tx) => {
      const today = await this.lockDay(tx, 'shared');
      const sale = await tx.findOne(PosSale, { id: saleId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      assertMayActOnSale(actor, sale, 'pay', await this.isClosed(tx, today));
      await tx.populate(sale, ['lines', 'member']);
      const totals = payable(sale, pay.method);
      if (pay.method === PosPaymentMethod.cash && pay.tenderedCents < totals.totalCents) {
        const message = `Cash received (${formatMoney(pay.tenderedCents)}) is less than the total (${formatMoney(totals.totalCents)}).`;
        throw badInput(message, { tenderedCents: message });
      }
      for (const line of sale.lines) {
        if (!line.variantId) continue;
        if (!(await this.products.takeStock(tx, line.variantId, line.quantity)))
          throw stockRefusal(line.description, (await this.products.stockOf(tx, line.variantId)) ?? 0);
      }
      await this.complete(tx, actor, sale, today, pay);
    });
    return this.sale(em.fork(), actor, saleId);
  }

  /**
   * The rest of paying, once the stock is taken (by the caller, or held by the card payment's session): drop-ins are
   * booked for the member and marked paid, payments records the order (order.paid handlers make class packs),
   * an account sale gets its invoice, and the sale is completed. `lenient` (a card payment the customer already made):
   * a drop-in is booked even when the class filled meanwhile, and one no longer covered is booked as paid.
   */
  private async complete(
    tx: EntityManager,
    actor: User,
    sale: PosSale,
    today: string,
    pay:
      | { method: PosPaymentMethod.cash; tenderedCents: number }
      | { method: PosPaymentMethod.account }
      | { method: PosPaymentMethod.card; paymentIntentId: string | null },
  ): Promise<void> {
    const lenient = pay.method === PosPaymentMethod.card;
    const totals = saleTotals(sale);
    const member = sale.member;
    const lines = sale.lines.getItems();
    for (const line of lines) {
      if (!line.classInstanceId) continue;
      const { booking } = await this.bookings.book(
        tx,
        actor,
        { classInstanceId: line.classInstanceId, attendeeId: member!.id },
        { kind: 'staff', walkIn: false, overCapacity: lenient, entitlement: line.coveredBy !== null },
      );
      if (line.coveredBy && booking.paymentStatus !== PaymentStatus.covered && !lenient)
        throw conflict(
          `${line.description.replace(/ \(covered by .*\)$/, '')} is no longer covered by ${line.coveredBy}: remove it and add it again.`,
        );
      if (booking.paymentStatus !== PaymentStatus.covered && booking.priceCents > 0)
        await tx.nativeUpdate(Booking, { id: booking.id }, { paymentStatus: PaymentStatus.paid });
      line.bookingId = booking.id;
    }
    const order = await this.payments.recordOrder(tx, {
      owner: member,
      channel: 'front_desk',
      totalCents: totals.totalCents,
      onAccount: pay.method === PosPaymentMethod.account,
      paymentIntentId: pay.method === PosPaymentMethod.card ? pay.paymentIntentId : null,
      lines: lines.map((l) => ({
        kind: l.classInstanceId ? OrderLineKind.class : OrderLineKind.product,
        description: l.description,
        quantity: l.quantity,
        unitCents: l.unitCents,
        variantId: l.variantId,
        bookingId: l.bookingId,
      })),
    });
    if (pay.method === PosPaymentMethod.account) {
      const invoice = await this.invoices.createInvoice(tx, {
        memberId: member!.id,
        lines: invoiceLines(sale),
        dueDate: addDaysToDate(today, ACCOUNT_DUE_DAYS),
        memo: `Front desk sale ${receiptNumber(sale.id)} on ${today}`,
        createdBy: actor,
        send: true,
      });
      sale.invoiceId = invoice.id;
    }
    Object.assign(sale, {
      status: PosSaleStatus.completed,
      paymentMethod: pay.method,
      tenderedCents: pay.method === PosPaymentMethod.cash ? pay.tenderedCents : null,
      changeCents: pay.method === PosPaymentMethod.cash ? pay.tenderedCents - totals.totalCents : null,
      paidCents: totals.totalCents,
      order,
      businessDate: today,
      completedAt: new Date(),
      cardCheckoutId: null,
      cardPaymentUrl: null,
      cardPaymentExpiresAt: null,
    });
    await tx.flush();
  }

  /**
   * Card: a checkout session for the sale's total (the provider's hosted page; the test provider's locally), its
   * products reserved. The register shows its link as a QR code for the customer's phone and waits (posSaleChanged);
   * the webhook completes the sale (cardPaid). Asking again while it waits answers the same link.
   */
  async startCardPayment(em: EntityManager, actor: User, saleId: string): Promise<PosSale> {
    assertMayUsePos(actor);
    const existing = await this.sale(em, actor, saleId);
    if (existing.status === PosSaleStatus.awaiting_card) return existing;
    await em.transactional(async (tx) => {
      const today = await this.lockDay(tx, 'shared');
      const sale = await tx.findOne(PosSale, { id: saleId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      assertMayActOnSale(actor, sale, 'pay', await this.isClosed(tx, today));
      await tx.populate(sale, ['lines', 'member']);
      const totals = payable(sale, PosPaymentMethod.card);
      const session = await this.payments.openCheckout(tx, {
        counterSaleId: sale.id,
        // The provider returns the customer's phone to these pages (payments.routes.ts).
        successUrl: `${this.studio.publicUrl}/api/stripe/front-desk/paid`,
        cancelUrl: `${this.studio.publicUrl}/api/stripe/front-desk/cancelled`,
        description: `${this.studio.name} front desk sale ${receiptNumber(sale.id)}`,
        lines: sale.lines.getItems().map((l) => ({
          kind: l.classInstanceId ? ('class' as const) : ('product' as const),
          description: l.description,
          unitCents: l.unitCents,
          quantity: l.quantity,
          ...(l.variantId ? { variantId: l.variantId } : {}),
          ...(l.classInstanceId ? { classInstanceId: l.classInstanceId } : {}),
        })),
        amountCents: totals.totalCents,
        customerEmail: sale.member?.email ?? null,
      });
      sale.status = PosSaleStatus.awaiting_card;
      sale.cardCheckoutId = session.id;
      sale.cardPaymentUrl = session.url;
      sale.cardPaymentExpiresAt = session.expiresAt;
      await tx.flush();
    });
    return this.sale(em.fork(), actor, saleId);
  }

  /** The cashier cancels the card payment: its session is closed (stock back) and the sale is open again. */
  async cancelCardPayment(em: EntityManager, actor: User, saleId: string): Promise<PosSale> {
    assertMayUsePos(actor);
    const sale = await em.findOne(PosSale, { id: saleId });
    assertMayActOnSale(actor, sale, 'view');
    if (sale.status === PosSaleStatus.open) return this.sale(em.fork(), actor, saleId);
    if (sale.status !== PosSaleStatus.awaiting_card)
      throw conflict(
        sale.status === PosSaleStatus.completed
          ? 'The card payment has already gone through.'
          : 'This sale is not waiting for a card payment.',
      );
    await this.releaseCard(em.fork(), saleId);
    return this.sale(em.fork(), actor, saleId);
  }

  /**
   * The counterCheckoutPaid port of payments, in the webhook's transaction: the sale waiting for this session is
   * completed as a card sale, exactly once (the session was completed in the same transaction). False when no sale
   * waits for it.
   */
  async cardPaid(tx: EntityManager, paid: { session: CheckoutSession; paymentIntentId: string | null }): Promise<boolean> {
    const saleId = paid.session.counterSaleId;
    if (!saleId) return false;
    const today = await this.lockDay(tx, 'shared');
    const sale = await tx.findOne(PosSale, { id: saleId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!sale || sale.status !== PosSaleStatus.awaiting_card || sale.cardCheckoutId !== paid.session.id) return false;
    await tx.populate(sale, ['lines', 'member', 'cashier']);
    if (!sale.cashier) return false;
    await this.complete(tx, sale.cashier, sale, today, { method: PosPaymentMethod.card, paymentIntentId: paid.paymentIntentId });
    await publishOnCommit(tx, 'POS_SALE_CHANGED', sale.id, { kind: 'paid' });
    return true;
  }

  /** Gives a paid sale back in full (on today's report): stock returns, drop-in spots are freed. */
  async refund(em: EntityManager, actor: User, saleId: string, reason: string): Promise<PosSale> {
    assertMayUsePos(actor);
    const freed = await em.transactional(async (tx) => {
      const today = await this.lockDay(tx, 'shared');
      const sale = await tx.findOne(PosSale, { id: saleId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      assertMayActOnSale(actor, sale, 'refund', await this.isClosed(tx, today));
      if (sale.invoiceId) {
        // Charged to the account: nothing was handed over, so the refund cancels what is owed (the invoice is voided).
        const invoice = await tx.findOneOrFail(Invoice, { id: sale.invoiceId });
        if (invoice.status === InvoiceStatus.paid)
          throw conflict(`${invoiceNumber(invoice.number)} for this sale has been paid: refund the member from their payment instead.`);
        if (invoice.status !== InvoiceStatus.void)
          await this.invoices.voidInvoice(tx, invoice.id, `Front desk sale ${receiptNumber(sale.id)} refunded: ${reason.trim()}`);
      }
      // Class packs it sold are taken back (refused once a class of one was used).
      await tx.populate(sale, ['lines']);
      if (sale.lines.getItems().some((l) => l.category === PosCategory.packs)) await this.memberships.revokePacks(tx, sale.order!.id);
      const { bookingIds } = await this.payments.refundWholeOrder(
        tx,
        sale.order!.id,
        `Refunded at the front desk by ${fullName(actor)}: ${reason.trim()}`,
      );
      sale.status = PosSaleStatus.refunded;
      sale.refundDate = today;
      sale.refundReason = reason.trim();
      await tx.flush();
      return bookingIds;
    });
    if (freed.length) await this.bookings.releaseRefunded(em.fork(), freed);
    return this.sale(em.fork(), actor, saleId);
  }
}
