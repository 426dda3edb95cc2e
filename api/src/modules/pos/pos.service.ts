import { formatMoney, fullName } from '@studio/rules';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { todayIn } from '../../common/dates.js';
import { addDaysToDate } from '../../common/studio-time.js';
import { likePattern } from '../../common/paging.js';
import { badInput, conflict, notFound } from '../../graphql/errors.js';
import { publishOnCommit } from '../../graphql/pubsub.js';
import type { BookingService } from '../bookings/booking.service.js';
import { Booking, PaymentStatus } from '../bookings/booking.entity.js';
import type { CheckInService } from '../checkin/checkin.service.js';
import { ClassInstance, ClassStatus } from '../classes/class-instance.entity.js';
import type { EmailService } from '../email/email.service.js';
import { Invoice, InvoiceStatus } from '../invoices/invoice.entity.js';
import { invoiceNumber, type InvoiceLineData, type InvoiceService } from '../invoices/invoice.service.js';
import type { MembershipService } from '../memberships/memberships.service.js';
import type { CheckoutSession } from '../payments/checkout-session.entity.js';
import { OrderLineKind } from '../payments/order.entity.js';
import type { PaymentService } from '../payments/payments.service.js';
import { ProductCategory } from '../products/product.entity.js';
import { assertMayBuyProduct } from '../products/product.policy.js';
import { stockRefusal, variantName, type ProductService } from '../products/product.service.js';
import { User } from '../users/user.entity.js';
import { PosCategory, PosDay, PosPaymentMethod, PosSale, PosSaleLine, PosSaleStatus } from './pos.entity.js';
import { assertMayActOnSale, assertMayCloseDay, assertMayUsePos, type PosSaleAction } from './pos.policy.js';
import { receiptNumber, receiptText, renderReceiptPdf, type PosReceipt } from './pos.receipt.js';
import { MAX_LINE_QUANTITY, type PosCatalogItem, type PosDayReport, type PosMember } from './pos.types.js';

/** A sale's amounts, from its lines: discounts never take a line or the sale below zero. */
export function saleTotals(sale: {
  discountCents: number;
  lines: Iterable<Pick<PosSaleLine, 'quantity' | 'unitCents' | 'discountCents'>>;
}) {
  let subtotalCents = 0;
  let lineDiscountCents = 0;
  for (const line of sale.lines) {
    const gross = line.quantity * line.unitCents;
    subtotalCents += gross;
    lineDiscountCents += Math.min(line.discountCents, gross);
  }
  const saleDiscountCents = Math.min(sale.discountCents, subtotalCents - lineDiscountCents);
  return {
    subtotalCents,
    lineDiscountCents,
    saleDiscountCents,
    discountCents: lineDiscountCents + saleDiscountCents,
    totalCents: subtotalCents - lineDiscountCents - saleDiscountCents,
  };
}

/** A sale's member and cashier as the register shows them (addProduct's one statement reads them with the sale). */
const SALE_USER_COLUMNS = `u.id, u.first_name, u.last_name, u.username, u.email, u.role, u.birthday, u.is_active, u.token_version,
  u.guardian_id, u.removed_at, u.created_at, u.updated_at`;
const CATEGORY_OF: Partial<Record<ProductCategory, PosCategory>> = {
  [ProductCategory.merchandise]: PosCategory.merchandise,
  [ProductCategory.snacks]: PosCategory.snacks,
  [ProductCategory.membership]: PosCategory.packs,
};
/** Days a member has to pay a sale charged to their account (the admin invoice form's default too). */
export const ACCOUNT_DUE_DAYS = 14;
const PACK_NEEDS_MEMBER = 'Class packs are for members: choose the member first (a pack is theirs to book with).';
/** "18:30" → "6:30 PM". */
const clock = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
/** A check-in QR code is a signed token (three base64url parts); names and usernames never look like one. */
const looksLikeCode = (text: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(text) && text.length > 40;

/**
 * The front-desk register. A sale is kept open on the server while it is built (so a tablet that reloads keeps it);
 * paying it is one transaction that takes the stock (products), books drop-ins (bookings) and records the order
 * (payments) — nothing here keeps stock or orders of its own. Days are closed by an admin: paying and refunding take
 * the day's advisory lock shared and closing takes it exclusively, so nothing lands on a day after it closed.
 */
export class PosService {
  constructor(
    private readonly studio: { name: string; timeZone: string; publicUrl: string },
    private readonly products: ProductService,
    private readonly payments: PaymentService,
    private readonly bookings: BookingService,
    private readonly checkIn: CheckInService,
    private readonly email: EmailService,
    private readonly invoices: InvoiceService,
    private readonly memberships: Pick<MembershipService, 'revokePacks'>,
  ) {}

  today(now = new Date()): string {
    return todayIn(this.studio.timeZone, now);
  }

  // ── what the register sells, and to whom ──────────────────────────────────────────────────────────────

  /**
   * Shop products (one tile per option), class packs, and drop-in spots in today's classes that have not ended; with
   * the sale's member, the drop-ins their membership or pack would pay for say what covers them (bookings.coverFor).
   */
  async catalog(em: EntityManager, actor: User, search?: string | null, memberId: string | null = null): Promise<PosCatalogItem[]> {
    assertMayUsePos(actor);
    const text = search?.trim() || null;
    const products = await this.products.catalogue(em, actor, { search: text });
    const items: PosCatalogItem[] = [];
    for (const product of products) {
      const category = CATEGORY_OF[product.category];
      if (!product.active || !category || (category === PosCategory.packs && product.packClasses === null)) continue;
      for (const variant of product.variants)
        items.push({
          category,
          variantId: variant.id,
          classInstanceId: null,
          name: product.name,
          detail:
            category === PosCategory.packs
              ? `${product.packClasses} class${product.packClasses === 1 ? '' : 'es'}, valid ${product.packValidDays} days`
              : (variant.label ?? ''),
          priceCents: product.priceCents,
          stock: variant.stock,
        });
    }
    const classes = await em.find(
      ClassInstance,
      {
        date: this.today(),
        status: ClassStatus.scheduled,
        endsAt: { $gt: new Date() },
        ...(text ? { blueprint: { name: { $ilike: likePattern(text) } } } : {}),
      },
      { populate: ['blueprint'], orderBy: { startsAt: 'asc', id: 'asc' } },
    );
    for (const c of classes) {
      const left = Math.max(0, c.capacity - c.spotsTaken);
      const coveredBy = memberId && left > 0 ? await this.bookings.coverFor(em, memberId, c.id) : null;
      items.push({
        category: PosCategory.dropin,
        variantId: null,
        classInstanceId: c.id,
        name: c.blueprint.name,
        detail: `${clock(c.startTime)} · ${left === 0 ? 'full' : `${left} spot${left === 1 ? '' : 's'} left`}`,
        priceCents: c.blueprint.dropInPriceCents,
        stock: left,
        coveredBy,
      });
    }
    return items;
  }

  /** Members by name or username, or the one member a check-in QR code names (an invalid or stale code: nobody). */
  async findMembers(em: EntityManager, actor: User, query: string): Promise<PosMember[]> {
    assertMayUsePos(actor);
    const text = query.trim();
    let users: User[];
    if (looksLikeCode(text)) {
      const member = await this.checkIn.memberForCode(em, text);
      users = member ? [member] : [];
    } else {
      const pattern = likePattern(text);
      users = await em.find(
        User,
        {
          isActive: true,
          removedAt: null,
          $or: [
            { username: { $ilike: pattern } },
            { firstName: { $ilike: pattern } },
            { lastName: { $ilike: pattern } },
            { email: { $ilike: pattern } },
          ],
        },
        { orderBy: { firstName: 'asc', lastName: 'asc', id: 'asc' }, limit: 10 },
      );
      if (users.length === 0 && text.includes(' ')) {
        const [first, ...rest] = text.split(/\s+/);
        users = await em.find(
          User,
          { isActive: true, removedAt: null, firstName: { $ilike: likePattern(first) }, lastName: { $ilike: likePattern(rest.join(' ')) } },
          { orderBy: { firstName: 'asc', lastName: 'asc', id: 'asc' }, limit: 10 },
        );
      }
    }
    return users.map(toMember);
  }

  // ── the sale on the register ──────────────────────────────────────────────────────────────────────────

  async openSale(em: EntityManager, actor: User, memberId: string | null): Promise<PosSale> {
    assertMayUsePos(actor);
    const member = memberId ? await this.member(em, memberId) : null;
    const sale = em.create(PosSale, { cashier: actor, member });
    await em.flush();
    return this.sale(em, actor, sale.id);
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

  /** A day's sales at the register (paid, refunded, and still open), newest first. */
  async sales(em: EntityManager, actor: User, date: string | null): Promise<PosSale[]> {
    assertMayUsePos(actor);
    const day = date ?? this.today();
    return em.find(
      PosSale,
      { $or: [{ businessDate: day }, { refundDate: day }, ...(day === this.today() ? [{ status: PosSaleStatus.open }] : [])] },
      { populate: ['lines', 'member', 'cashier'], orderBy: { createdAt: 'desc', id: 'asc' }, limit: 100 },
    );
  }

  async setMember(em: EntityManager, actor: User, saleId: string, memberId: string | null): Promise<PosSale> {
    const sale = await this.sale(em, actor, saleId, 'edit');
    const booked = sale.lines.getItems().find((l) => l.classInstanceId);
    if (booked && (sale.member?.id ?? null) !== memberId)
      throw conflict(`Remove the drop-in first: "${booked.description}" is for ${sale.member ? fullName(sale.member) : 'the member'}.`);
    sale.member = memberId ? await this.member(em, memberId) : null;
    await em.flush();
    return sale;
  }

  /**
   * Adds an item (or more of it). The register's hot path (budget: 100 ms p95 under load, bench/pos.mjs), so a
   * product is added by one statement: it reads the sale under a share lock (so it cannot be paid meanwhile) and the
   * option with its product, and upserts the line only when the sale is open, the product is for sale, the line
   * stays within 99 and within the stock left, and answers the sale as it is then (its row, lines, member and cashier,
   * mapped into the entity manager as a find with those populated would). Stock is only taken when the sale is paid;
   * this check just says so early. A drop-in takes the longer way (one of today's classes, a member).
   */
  async addItem(
    em: EntityManager,
    actor: User,
    args: { saleId: string; variantId?: string | null; classInstanceId?: string | null; quantity: number },
  ): Promise<PosSale> {
    assertMayUsePos(actor);
    if (Boolean(args.variantId) === Boolean(args.classInstanceId))
      throw badInput('Choose a product or a class.', { variantId: 'Choose a product or a class.' });
    if (args.variantId) return this.addProduct(em, actor, args.saleId, args.variantId, args.quantity);
    await this.addDropIn(em, actor, args.saleId, args.classInstanceId!, args.quantity);
    return this.sale(em, actor, args.saleId);
  }

  private async addProduct(em: EntityManager, actor: User, saleId: string, variantId: string, quantity: number): Promise<PosSale> {
    const [row] = await em.getConnection().execute<
      {
        status: PosSaleStatus | null;
        member_id: string | null;
        name: string | null;
        label: string | null;
        category: ProductCategory | null;
        pack_classes: number | null;
        active: boolean | null;
        stock: number | null;
        had: number;
        added: number | null;
        sale: Record<string, unknown> | null;
        lines: Record<string, unknown>[] | null;
        member: Record<string, unknown> | null;
        cashier: Record<string, unknown> | null;
      }[]
    >(
      `with s as (select * from pos_sale where id = ? for share),
            v as (select v.id, v.label, v.stock, p.name, p.category, p.active, p.price_cents, p.pack_classes,
                         p.category in ('merchandise', 'snacks') or (p.category = 'membership' and p.pack_classes is not null) as sold
                    from product_variant v join product p on p.id = v.product_id where v.id = ?),
            had as (select coalesce(sum(quantity), 0)::int as quantity from pos_sale_line where sale_id = ? and variant_id = ?),
            up as (
              insert into pos_sale_line (id, sale_id, category, variant_id, description, quantity, unit_cents)
              select gen_random_uuid(), s.id, case when v.category = 'membership' then 'packs' else v.category::text end, v.id,
                     case when v.label is null then v.name else v.name || ' (' || v.label || ')' end, ?, v.price_cents
                from s, v, had
               where s.status = 'open' and v.active and v.sold and (v.category <> 'membership' or s.member_id is not null)
                 and (v.stock is null or had.quantity + ? <= v.stock)
              on conflict (sale_id, variant_id) where variant_id is not null
              do update set quantity = pos_sale_line.quantity + excluded.quantity
                where pos_sale_line.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY}
              returning *),
            added as (select (select quantity from up) as quantity)
       select s.status, s.member_id, v.name, v.label, v.category, v.pack_classes, v.active, v.stock, had.quantity as had,
              added.quantity as added,
              case when added.quantity is not null then to_jsonb(s) end as sale,
              case when added.quantity is not null then (
                select jsonb_agg(to_jsonb(l) order by l.added_at, l.id)
                  from (select * from up
                        union all
                        select * from pos_sale_line o where o.sale_id = s.id and o.id not in (select id from up)) l) end as lines,
              case when added.quantity is not null then (
                select to_jsonb(u) from (select ${SALE_USER_COLUMNS} from app_user u where u.id = s.member_id) u) end as member,
              case when added.quantity is not null then (
                select to_jsonb(u) from (select ${SALE_USER_COLUMNS} from app_user u where u.id = s.cashier_id) u) end as cashier
         from had cross join added left join s on true left join v on true`,
      [saleId, variantId, saleId, variantId, quantity, quantity],
      'all',
      em.getTransactionContext(),
    );
    if (row.added !== null) {
      // As `sale()` would load it (lines, member, cashier), without a second round trip: the users first, so the
      // sale's references to them are these entities.
      for (const user of [row.member, row.cashier]) if (user) em.map(User, user);
      const sale = em.map(PosSale, row.sale!);
      sale.lines.hydrate((row.lines ?? []).map((line) => em.map(PosSaleLine, line)));
      return sale;
    }
    assertMayActOnSale(actor, row.status ? { status: row.status } : null, 'edit');
    assertMayBuyProduct(row.category ? { category: row.category, active: row.active!, packClasses: row.pack_classes } : null);
    if (row.category === ProductCategory.membership && !row.member_id)
      throw badInput(PACK_NEEDS_MEMBER, { memberId: 'Choose the member.' });
    const description = variantName({ name: row.name! }, { label: row.label });
    if (row.stock !== null && row.had + quantity > row.stock) throw stockRefusal(description, row.stock);
    throw badInput(`A line holds at most ${MAX_LINE_QUANTITY}.`, { quantity: `At most ${MAX_LINE_QUANTITY}.` });
  }

  private async addDropIn(em: EntityManager, actor: User, saleId: string, classInstanceId: string, quantity: number): Promise<void> {
    // What would pay for the member's spot (their membership or a pack), by the bookings service's own rules, dry run.
    const [pre] = await em
      .getConnection()
      .execute<{ member_id: string | null }[]>('select member_id from pos_sale where id = ?', [saleId], 'all', em.getTransactionContext());
    const coveredBy = pre?.member_id && quantity === 1 ? await this.bookings.coverFor(em, pre.member_id, classInstanceId) : null;
    await em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const [row] = await conn.execute<{ status: PosSaleStatus; member_id: string | null }[]>(
        'select status, member_id from pos_sale where id = ? for share',
        [saleId],
        'all',
        ctx,
      );
      assertMayActOnSale(actor, row ?? null, 'edit');
      if (!row!.member_id)
        throw badInput('Choose the member first: a drop-in books them into the class.', { memberId: 'Choose the member.' });
      if (quantity !== 1) throw badInput('A drop-in is one spot for the member.', { quantity: 'One spot.' });
      const instance = await this.todaysClass(tx, classInstanceId);
      const [line] = await conn.execute<{ id: string }[]>(
        `insert into pos_sale_line (id, sale_id, category, class_instance_id, description, quantity, unit_cents, covered_by)
         values (gen_random_uuid(), ?, 'dropin', ?, ?, 1, ?, ?)
         on conflict (sale_id, class_instance_id) where class_instance_id is not null do nothing
         returning id`,
        [
          saleId,
          instance.id,
          `Drop-in: ${instance.blueprint.name} at ${clock(instance.startTime)}${coveredBy ? ` (covered by ${coveredBy})` : ''}`,
          coveredBy ? 0 : instance.blueprint.dropInPriceCents,
          coveredBy,
        ],
        'all',
        ctx,
      );
      if (!line) throw conflict(`${instance.blueprint.name} is already in this sale.`);
      if (instance.spotsTaken >= instance.capacity) throw conflict(`${instance.blueprint.name} is full.`);
    });
  }

  /** Changes a line's quantity; 0 removes it. A line discount larger than the new amount shrinks with it. */
  async setLineQuantity(em: EntityManager, actor: User, lineId: string, quantity: number): Promise<PosSale> {
    assertMayUsePos(actor);
    const line = await em.findOne(PosSaleLine, { id: lineId }, { populate: ['sale'] });
    if (!line) throw notFound('That line');
    assertMayActOnSale(actor, line.sale, 'edit');
    if (quantity === 0) em.remove(line);
    else {
      if (line.classInstanceId && quantity !== 1) throw badInput('A drop-in is one spot for the member.', { quantity: 'One spot.' });
      if (line.variantId) {
        const stock = await this.products.stockOf(em, line.variantId);
        if (stock !== null && quantity > stock) throw stockRefusal(line.description, stock);
      }
      line.quantity = quantity;
      line.discountCents = Math.min(line.discountCents, quantity * line.unitCents);
    }
    await em.flush();
    return this.sale(em, actor, line.sale.id);
  }

  /** A discount with its reason, on one line or on the whole sale; 0 takes it off. */
  async setDiscount(
    em: EntityManager,
    actor: User,
    args: { saleId: string; lineId?: string | null; amountCents: number; reason: string },
  ): Promise<PosSale> {
    const sale = await this.sale(em, actor, args.saleId, 'edit');
    const reason = args.reason.trim() || null;
    if (args.amountCents > 0 && !reason) throw badInput('Give a reason for the discount.', { reason: 'Give a reason for the discount.' });
    if (args.lineId) {
      const line = sale.lines.getItems().find((l) => l.id === args.lineId);
      if (!line) throw notFound('That line');
      const max = line.quantity * line.unitCents;
      if (args.amountCents > max) {
        const message = `The discount can be at most ${formatMoney(max)}, the line's price.`;
        throw badInput(message, { amountCents: message });
      }
      line.discountCents = args.amountCents;
      line.discountReason = args.amountCents > 0 ? reason : null;
    } else {
      const totals = saleTotals({ discountCents: 0, lines: sale.lines });
      if (args.amountCents > totals.totalCents) {
        const message = `The discount can be at most ${formatMoney(totals.totalCents)}, the sale's total.`;
        throw badInput(message, { amountCents: message });
      }
      sale.discountCents = args.amountCents;
      sale.discountReason = args.amountCents > 0 ? reason : null;
    }
    await em.flush();
    return sale;
  }

  /** Abandons an open sale: nothing was taken, so nothing goes back. */
  async voidSale(em: EntityManager, actor: User, saleId: string): Promise<PosSale> {
    const sale = await this.sale(em, actor, saleId, 'edit');
    sale.status = PosSaleStatus.voided;
    await em.flush();
    return sale;
  }

  // ── paying and refunding ──────────────────────────────────────────────────────────────────────────────

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

  // ── card payments through a checkout link (a QR code) ────────────────────────────────────────────────

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
   * Closes the sale's card session if still open (stock back; the provider told after commit) and reopens the sale,
   * unless the payment went through meanwhile. The session is locked before the sale, as the webhook's fulfilment does.
   */
  private async releaseCard(em: EntityManager, saleId: string): Promise<void> {
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

  // ── receipts ──────────────────────────────────────────────────────────────────────────────────────────

  /** Sends the receipt through the email outbox: to the given address, else the member's. Answers the address. */
  async emailReceipt(em: EntityManager, actor: User, saleId: string, to: string | null): Promise<string> {
    const sale = await this.sale(em, actor, saleId, 'receipt');
    const address = to?.trim() || sale.member?.email;
    if (!address) throw badInput('Enter an email address for the receipt.', { email: 'Enter an email address.' });
    const receipt = this.receipt(sale);
    const message = this.email.queue(em, {
      to: address,
      subject: `Your receipt from ${this.studio.name} (${receiptNumber(sale.id)})`,
      text: receiptText(receipt),
      kind: 'pos_receipt',
    });
    await em.flush();
    await this.email.dispatch(message);
    return address;
  }

  async receiptPdf(em: EntityManager, actor: User, saleId: string) {
    const sale = await this.sale(em, actor, saleId, 'receipt');
    const pdf = await renderReceiptPdf(this.receipt(sale));
    return { filename: `receipt-${receiptNumber(sale.id)}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') };
  }

  private receipt(sale: PosSale): PosReceipt {
    const totals = saleTotals(sale);
    return {
      studioName: this.studio.name,
      timeZone: this.studio.timeZone,
      saleId: sale.id,
      paidAt: sale.completedAt ?? sale.createdAt,
      customer: sale.member ? fullName(sale.member) : 'Walk-in customer',
      cashier: sale.cashier ? sale.cashier.firstName : null,
      lines: sale.lines.getItems().map((l) => ({
        quantity: l.quantity,
        description: l.description,
        unitCents: l.unitCents,
        discountCents: Math.min(l.discountCents, l.quantity * l.unitCents),
        discountReason: l.discountReason,
      })),
      subtotalCents: totals.subtotalCents,
      saleDiscountCents: totals.saleDiscountCents,
      saleDiscountReason: sale.discountReason,
      totalCents: sale.paidCents ?? totals.totalCents,
      method: sale.paymentMethod ?? 'cash',
      tenderedCents: sale.tenderedCents,
      changeCents: sale.changeCents,
      refund: sale.status === PosSaleStatus.refunded ? { reason: sale.refundReason, date: sale.refundDate ?? '' } : null,
    };
  }

  // ── the end of the day ────────────────────────────────────────────────────────────────────────────────

  /**
   * A day's totals: sales paid that day (by method and by category, at list price, with the discounts given),
   * refunds made that day, and the cash the drawer should hold. Two statements, whatever the number of sales.
   */
  async dayReport(em: EntityManager, actor: User, date: string | null): Promise<PosDayReport> {
    assertMayUsePos(actor);
    const day = date ?? this.today();
    const conn = em.getConnection();
    const ctx = em.getTransactionContext();
    const methods = await conn.execute<{ method: PosPaymentMethod; sales: number; taken: number; refunded: number }[]>(
      `select payment_method as method,
              count(*) filter (where business_date = ?)::int as sales,
              coalesce(sum(paid_cents) filter (where business_date = ?), 0)::int as taken,
              coalesce(sum(paid_cents) filter (where refund_date = ? and status = 'refunded'), 0)::int as refunded
         from pos_sale
        where (business_date = ? or refund_date = ?) and payment_method is not null
        group by payment_method order by payment_method`,
      [day, day, day, day, day],
      'all',
      ctx,
    );
    const [categories, [extra]] = await Promise.all([
      conn.execute<{ category: PosCategory; quantity: number; gross: number; line_discount: number }[]>(
        `select l.category, sum(l.quantity)::int as quantity, sum(l.quantity * l.unit_cents)::int as gross,
                sum(least(l.discount_cents, l.quantity * l.unit_cents))::int as line_discount
           from pos_sale s join pos_sale_line l on l.sale_id = s.id
          where s.business_date = ?
          group by l.category order by l.category`,
        [day],
        'all',
        ctx,
      ),
      conn.execute<{ open_sales: number; closed_at: Date | null; closed_by: string | null; counted: number | null }[]>(
        `select (select count(*) from pos_sale where status = 'open' and exists (select 1 from pos_sale_line where sale_id = pos_sale.id))::int as open_sales,
                d.closed_at, u.first_name || ' ' || u.last_name as closed_by, d.counted_cash_cents as counted
           from (select 1) one
           left join pos_day d on d.date = ?
           left join app_user u on u.id = d.closed_by_id`,
        [day],
        'all',
        ctx,
      ),
    ]);
    const grossCents = categories.reduce((sum, c) => sum + c.gross, 0);
    const netCents = methods.reduce((sum, m) => sum + m.taken, 0);
    const cash = methods.find((m) => m.method === PosPaymentMethod.cash);
    return {
      date: day,
      closed: extra.closed_at !== null,
      closedAt: extra.closed_at,
      closedByName: extra.closed_by,
      salesCount: methods.reduce((sum, m) => sum + m.sales, 0),
      grossCents,
      discountCents: grossCents - netCents,
      netCents,
      refundedCents: methods.reduce((sum, m) => sum + m.refunded, 0),
      byMethod: methods.map((m) => ({ method: m.method, sales: m.sales, takenCents: m.taken, refundedCents: m.refunded })),
      byCategory: categories.map((c) => ({ category: c.category, quantity: c.quantity, grossCents: c.gross })),
      cashExpectedCents: (cash?.taken ?? 0) - (cash?.refunded ?? 0),
      countedCashCents: extra.counted,
      openSales: extra.open_sales,
    };
  }

  /** Closes a day for good: after this no sale is paid and no refund is made on it. */
  async closeDay(em: EntityManager, actor: User, date: string, countedCashCents: number | null): Promise<PosDayReport> {
    assertMayUsePos(actor);
    await em.transactional(async (tx) => {
      await tx
        .getConnection()
        .execute(`select pg_advisory_xact_lock(hashtext('pos-day:' || ?))`, [date], 'all', tx.getTransactionContext());
      assertMayCloseDay(actor, { closed: await this.isClosed(tx, date), future: date > this.today() });
      tx.create(PosDay, { date, closedBy: actor, countedCashCents });
      await tx.flush();
    });
    return this.dayReport(em.fork(), actor, date);
  }

  // ── helpers ───────────────────────────────────────────────────────────────────────────────────────────

  /** Takes today's day lock (shared: paying, refunding) for the transaction; answers today. */
  private async lockDay(tx: EntityManager, mode: 'shared'): Promise<string> {
    const today = this.today();
    await tx
      .getConnection()
      .execute(`select pg_advisory_xact_lock_${mode}(hashtext('pos-day:' || ?))`, [today], 'all', tx.getTransactionContext());
    return today;
  }

  private async isClosed(tx: EntityManager, date: string): Promise<boolean> {
    return (await tx.count(PosDay, { date })) > 0;
  }

  private async member(em: EntityManager, memberId: string): Promise<User> {
    const member = await em.findOne(User, { id: memberId, isActive: true, removedAt: null });
    if (!member) throw notFound('That member');
    return member;
  }

  /** One of today's classes, still to end and not cancelled: the only ones the register sells spots in. */
  private async todaysClass(em: EntityManager, id: string): Promise<ClassInstance> {
    const instance = await em.findOne(ClassInstance, { id }, { populate: ['blueprint'] });
    if (!instance) throw notFound('That class');
    if (instance.date !== this.today() || instance.status !== ClassStatus.scheduled || instance.endsAt <= new Date())
      throw badInput("Only today's classes that have not ended are sold at the register.");
    return instance;
  }
}

/** Refuses a sale that cannot be paid this way (nothing in it, a drop-in or pack without the member, $0 on account or card); answers its totals. */
function payable(sale: PosSale, method: PosPaymentMethod) {
  const lines = sale.lines.getItems();
  if (lines.length === 0) throw badInput('Add something to the sale first.');
  const totals = saleTotals(sale);
  const member = sale.member;
  if (lines.some((l) => l.classInstanceId) && !member)
    throw badInput('Choose the member first: a drop-in books them into the class.', { memberId: 'Choose the member.' });
  if (lines.some((l) => l.category === PosCategory.packs) && !member) throw badInput(PACK_NEEDS_MEMBER, { memberId: 'Choose the member.' });
  if (method === PosPaymentMethod.account) {
    if (!member) throw badInput("Choose the member first: a sale is charged to a member's account.", { memberId: 'Choose the member.' });
    if (totals.totalCents <= 0) throw badInput('Nothing to charge: the total is $0.00. Take it as cash instead.');
  }
  if (method === PosPaymentMethod.card && totals.totalCents <= 0)
    throw badInput('Nothing to pay by card: the total is $0.00. Take it as cash instead.');
  return totals;
}

/** A sale as invoice lines: its lines at list price, then each discount as a credit line with its reason. */
export function invoiceLines(sale: PosSale): InvoiceLineData[] {
  const totals = saleTotals(sale);
  const lines: InvoiceLineData[] = [];
  const fit = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);
  for (const l of sale.lines) {
    lines.push({ description: fit(l.description), quantity: l.quantity, unitCents: l.unitCents });
    const off = Math.min(l.discountCents, l.quantity * l.unitCents);
    if (off > 0)
      lines.push({
        description: fit(`Discount on ${l.description}${l.discountReason ? `: ${l.discountReason}` : ''}`),
        quantity: 1,
        unitCents: -off,
      });
  }
  if (totals.saleDiscountCents > 0)
    lines.push({
      description: fit(`Discount${sale.discountReason ? `: ${sale.discountReason}` : ''}`),
      quantity: 1,
      unitCents: -totals.saleDiscountCents,
    });
  return lines;
}

export function toMember(u: User): PosMember {
  return { id: u.id, name: fullName(u), username: u.username, email: u.email };
}
