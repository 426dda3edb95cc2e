import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { DomainEventPayload } from '../../../events/catalogue.js';
import { AppError, RefusalReason, conflict } from '../../../graphql/errors.js';
import { log } from '../../../logger.js';
import { User } from '../../users/user.entity.js';
import { Invoice, InvoicePaymentMethod, InvoiceStatus } from '../invoice.entity.js';
import { assertMayPayInvoice } from '../invoice.policy.js';
import { INVOICE_BEING_PAID, invoiceNumber } from '../invoice-data.js';
import { InvoiceParts } from '../invoice-parts.js';

/** Paying an invoice online: its checkout, and the payment arriving (or arriving for one no longer payable). */
export class InvoicePaymentService extends InvoiceParts {
  /**
   * Of the invoices these shop items pay, the ones that can no longer be paid (settled at the desk or voided while the
   * payment was on its way), with why; locked until the payment's transaction ends, so a cash payment waits for it.
   */
  async unpayable(tx: EntityManager, variantIds: string[]): Promise<{ variantId: string; reason: string }[]> {
    const invoices = await tx.find(Invoice, { variant: { $in: variantIds } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return invoices
      .filter((invoice) => invoice.status !== InvoiceStatus.open && invoice.status !== InvoiceStatus.uncollectible)
      .map((invoice) => ({
        variantId: invoice.variant!.id,
        reason: `Invoice ${invoiceNumber(invoice.number)} ${invoice.status === InvoiceStatus.void ? 'was voided' : 'was already paid'} before this payment completed`,
      }));
  }

  /**
   * On order.paid, in the fulfilment's transaction: the invoices whose items the order bought become paid, once
   * (the update is conditional on their status; a second payment of a paid invoice is logged for a refund).
   */
  async paidOnline(tx: EntityManager, paid: DomainEventPayload<'order.paid'>): Promise<void> {
    const variantIds = paid.lines.flatMap((l) => (l.invoice && l.variantId ? [l.variantId] : []));
    if (!variantIds.length) return;
    const invoices = await tx.find(Invoice, { variant: { $in: variantIds } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    for (const invoice of invoices) {
      if (invoice.status !== InvoiceStatus.open && invoice.status !== InvoiceStatus.uncollectible) {
        log.warn('an invoice was paid online after it was settled; refund due', { invoiceId: invoice.id, orderId: paid.orderId });
        continue;
      }
      invoice.status = InvoiceStatus.paid;
      invoice.paidAt = new Date();
      invoice.paymentMethod = InvoicePaymentMethod.card;
      invoice.orderId = paid.orderId;
      invoice.paidBy = await tx.findOneOrFail(User, { id: paid.ownerId });
      await this.withdraw(tx, invoice);
      await this.tellPaid(tx, invoice);
    }
  }

  /**
   * Puts an invoice into the payer's product cart (once: it is one item of quantity 1) and starts checkout for the
   * cart. The member pays their own; a parent pays their child's.
   */
  async pay(em: EntityManager, actor: User, id: string, appOrigin?: string | null): Promise<{ url: string; sessionId: string }> {
    const number = await em.transactional(async (tx) => {
      const invoice = await tx.findOne(Invoice, { id }, { populate: ['member'] });
      assertMayPayInvoice(actor, invoice);
      if (!invoice.variant) throw conflict('This invoice cannot be paid online; please pay at the front desk.');
      await tx.getConnection().execute(
        `insert into product_cart_item (id, owner_id, variant_id, quantity, created_at) values (gen_random_uuid(), ?, ?, 1, now())
             on conflict (owner_id, variant_id) do update set quantity = 1`,
        [actor.id, invoice.variant.id],
        'run',
        tx.getTransactionContext(),
      );
      return invoiceNumber(invoice.number);
    });
    try {
      return await this.payments.createCheckout(em, actor, appOrigin);
    } catch (err) {
      // The invoice's one item is reserved by someone else's open checkout (a parent and a grown child both paying).
      if (
        err instanceof AppError &&
        err.extensions.reason === RefusalReason.OUT_OF_STOCK &&
        err.message === `Invoice ${number} is sold out.`
      )
        throw conflict(INVOICE_BEING_PAID, RefusalReason.INVOICE_BEING_PAID);
      throw err;
    }
  }
}
