import { fullName } from '@studio/rules';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { todayIn } from '../../common/dates.js';
import { badInput, notFound } from '../../graphql/errors.js';
import { publishOnCommit } from '../../graphql/pubsub.js';
import type { BookingService } from '../bookings/booking.service.js';
import type { CheckInService } from '../checkin/checkin.service.js';
import { ClassInstance, ClassStatus } from '../classes/class-instance.entity.js';
import type { EmailService } from '../email/email.service.js';
import type { InvoiceService } from '../invoices/invoice.service.js';
import type { MembershipService } from '../memberships/memberships.service.js';
import type { PaymentService } from '../payments/payments.service.js';
import type { ProductService } from '../products/product.service.js';
import { User } from '../users/user.entity.js';
import { PosDay, PosSale, PosSaleStatus } from './pos.entity.js';
import { assertMayActOnSale, assertMayUsePos, type PosSaleAction } from './pos.policy.js';
import type { PosMember } from './pos.types.js';

/** "18:30" → "6:30 PM". */
export const clock = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
/**
 * What every part of the front-desk register shares: its collaborators, today's date and day lock, and loading a
 * sale (an open card payment that ended meanwhile is settled first).
 */
export abstract class PosRegister {
  constructor(
    protected readonly studio: { name: string; timeZone: string; publicUrl: string },
    protected readonly products: ProductService,
    protected readonly payments: PaymentService,
    protected readonly bookings: BookingService,
    protected readonly checkIn: CheckInService,
    protected readonly email: EmailService,
    protected readonly invoices: InvoiceService,
    protected readonly memberships: Pick<MembershipService, 'revokePacks'>,
  ) {}
  today(now = new Date()): string {
    return todayIn(this.studio.timeZone, now);
  }

  /** One sale with its lines and member. */
  async sale(em: EntityManager, actor: User, saleId: string, action: PosSaleAction = 'view'): Promise<PosSale> {
    let sale = await em.findOne(PosSale, { id: saleId }, { populate: ['lines', 'member', 'cashier'], strategy: 'joined' });
    // A card payment that expired (by its time, or its session was closed by the provider's event or the overdue job)
    // releases the sale: its session's stock went back, or goes back now.
    if (
      sale?.status === PosSaleStatus.awaiting_card &&
      ((sale.cardPaymentExpiresAt && sale.cardPaymentExpiresAt <= new Date()) ||
        !(await this.payments.checkoutOpen(em, sale.cardCheckoutId)))
    ) {
      assertMayUsePos(actor);
      await this.releaseCard(em.fork(), saleId);
      sale = await em.fork().findOne(PosSale, { id: saleId }, { populate: ['lines', 'member', 'cashier'], strategy: 'joined' });
    }
    assertMayActOnSale(actor, sale, action);
    return sale;
  }

  /**
   * Closes the sale's card session if still open (stock back; the provider told after commit) and reopens the sale,
   * unless the payment went through meanwhile. The session is locked before the sale, as the webhook's fulfilment does.
   */
  protected async releaseCard(em: EntityManager, saleId: string): Promise<void> {
    const closed = await em.transactional(async (tx) => {
      const [row] = await tx
        .getConnection()
        .execute<{ card_checkout_id: string | null }[]>(
          'select card_checkout_id from pos_sale where id = ?',
          [saleId],
          'all',
          tx.getTransactionContext(),
        );
      const checkoutId = row?.card_checkout_id;
      if (!checkoutId) return null;
      const providerSessionId = await this.payments.closeCheckout(tx, checkoutId);
      const sale = await tx.findOne(PosSale, { id: saleId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (sale?.status === PosSaleStatus.awaiting_card && sale.cardCheckoutId === checkoutId)
        Object.assign(sale, { status: PosSaleStatus.open, cardCheckoutId: null, cardPaymentUrl: null, cardPaymentExpiresAt: null });
      await tx.flush();
      await publishOnCommit(tx, 'POS_SALE_CHANGED', saleId, { kind: 'changed' });
      return providerSessionId;
    });
    if (closed) await this.payments.expireAtProvider(closed);
  }

  /** Takes today's day lock (shared: paying, refunding) for the transaction; answers today. */
  protected async lockDay(tx: EntityManager, mode: 'shared'): Promise<string> {
    const today = this.today();
    await tx
      .getConnection()
      .execute(`select pg_advisory_xact_lock_${mode}(hashtext('pos-day:' || ?))`, [today], 'all', tx.getTransactionContext());
    return today;
  }

  protected async isClosed(tx: EntityManager, date: string): Promise<boolean> {
    return (await tx.count(PosDay, { date })) > 0;
  }

  protected async member(em: EntityManager, memberId: string): Promise<User> {
    const member = await em.findOne(User, { id: memberId, isActive: true, removedAt: null });
    if (!member) throw notFound('That member');
    return member;
  }

  /** One of today's classes, still to end and not cancelled: the only ones the register sells spots in. */
  protected async todaysClass(em: EntityManager, id: string): Promise<ClassInstance> {
    const instance = await em.findOne(ClassInstance, { id }, { populate: ['blueprint'] });
    if (!instance) throw notFound('That class');
    if (instance.date !== this.today() || instance.status !== ClassStatus.scheduled || instance.endsAt <= new Date())
      throw badInput("Only today's classes that have not ended are sold at the register.");
    return instance;
  }
}

export function toMember(u: User): PosMember {
  return { id: u.id, name: fullName(u), username: u.username, email: u.email };
}
