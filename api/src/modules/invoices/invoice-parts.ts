import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { formatMoney } from '@studio/rules';
import { todayIn } from '../../common/dates.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { notFound } from '../../graphql/errors.js';
import { ProductCartItem } from '../cart/product-cart-item.entity.js';
import type { EmailService } from '../email/email.service.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { PaymentService } from '../payments/payments.service.js';
import { Product } from '../products/product.entity.js';
import { Invoice, InvoiceStatus } from './invoice.entity.js';
import { invoiceNumber, PAYMENT_WORDS } from './invoice-data.js';

/** What the parts of invoicing share: collaborators, today's date, loading and locking an invoice, telling it paid. */
export abstract class InvoiceParts {
  constructor(
    protected readonly orm: MikroORM,
    protected readonly timeZone: string,
    protected readonly studioName: string,
    protected readonly email: EmailService,
    protected readonly notifications: NotificationService,
    protected readonly payments: PaymentService,
    protected readonly events: DomainEvents,
  ) {}
  today(now = new Date()): string {
    return todayIn(this.timeZone, now);
  }

  /** Open (or written off) and past its due date on the studio's calendar. */
  isOverdue(invoice: Pick<Invoice, 'status' | 'dueDate'>, today = this.today()): boolean {
    return (invoice.status === InvoiceStatus.open || invoice.status === InvoiceStatus.uncollectible) && invoice.dueDate < today;
  }

  protected async locked(tx: EntityManager, id: string): Promise<Invoice> {
    const invoice = await tx.findOne(Invoice, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!invoice) throw notFound('That invoice');
    return invoice;
  }

  protected async load(em: EntityManager, id: string): Promise<Invoice> {
    // Inside a caller's transaction (the POS charging a sale) a fork would not see the uncommitted invoice.
    return (em.isInTransaction() ? em : em.fork()).findOneOrFail(Invoice, { id }, { populate: ['member', 'lines'], refresh: true });
  }

  /**
   * A settled invoice is no longer for sale: its item leaves the shop and every cart, and the open checkouts that
   * hold it close (answered for the provider to expire them after the commit).
   */
  protected async withdraw(tx: EntityManager, invoice: Invoice): Promise<string[]> {
    if (!invoice.variant) return [];
    await tx.nativeUpdate(Product, { variants: invoice.variant.id }, { active: false });
    await tx.nativeDelete(ProductCartItem, { variant: invoice.variant.id });
    return this.payments.closeCheckoutsHolding(tx, { variantId: invoice.variant.id });
  }

  /** An invoice just became paid: invoice.paid is announced and the member told. */
  protected async tellPaid(tx: EntityManager, invoice: Invoice): Promise<void> {
    await this.events.emit(tx, 'invoice.paid', {
      invoiceId: invoice.id,
      memberId: invoice.member.id,
      totalCents: invoice.totalCents,
      method: invoice.paymentMethod!,
      orderId: invoice.orderId,
    });
    await tx.populate(invoice, ['member.guardian']);
    const recipient = this.notifications.recipientOf(invoice.member);
    await this.notifications.add(tx, recipient, {
      type: NotificationType.payment_success,
      title: `Invoice ${invoiceNumber(invoice.number)} paid`,
      message: `Thank you! ${formatMoney(invoice.totalCents)} was received by ${PAYMENT_WORDS[invoice.paymentMethod!]}. Your receipt is on your profile.`,
      link: '/profile',
      dedupeKey: `invoice_paid:${invoice.id}`,
    });
  }
}
