import { LockMode, raw, type EntityManager, type FilterQuery, type MikroORM, type QBFilterQuery } from '@mikro-orm/postgresql';
import { dollarText, formatMoney, fullName, INVOICE_REMINDER_DAYS } from '@studio/rules';
import { toCsv } from '../../common/csv.js';
import { todayIn } from '../../common/dates.js';
import { likePattern, offsetOf } from '../../common/paging.js';
import { addDaysToDate, studioInstant } from '../../common/studio-time.js';
import type { DomainEventPayload } from '../../events/catalogue.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { AppError, RefusalReason, badInput, conflict, notFound } from '../../graphql/errors.js';
import { log } from '../../logger.js';
import { ProductCartItem } from '../cart/product-cart-item.entity.js';
import type { EmailService } from '../email/email.service.js';
import type { OutboxEmail } from '../email/outbox-email.entity.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { PaymentService } from '../payments/payments.service.js';
import { Product, ProductCategory, ProductVariant } from '../products/product.entity.js';
import { User } from '../users/user.entity.js';
import { Invoice, InvoiceLine, InvoicePaymentMethod, InvoiceStatus } from './invoice.entity.js';
import { renderInvoicePdf } from './invoice.pdf.js';
import {
  assertMayChangeStatus,
  assertMayDownloadReceipt,
  assertMayPayInvoice,
  assertMayViewInvoice,
  invoicesVisibleTo,
} from './invoice.policy.js';

export interface InvoiceLineData {
  description: string;
  quantity: number;
  unitCents: number;
}

/** What an invoice is made of: the entry point for admins and for other modules (the POS charges a sale to a member). */
export interface NewInvoice {
  memberId: string;
  lines: InvoiceLineData[];
  /** YYYY-MM-DD (studio date). */
  dueDate: string;
  memo?: string;
  /** Who made it (an admin); null for the system. */
  createdBy?: User | null;
  /** Send it at once (open, emailed and notified) rather than leaving a draft. */
  send?: boolean;
}

export interface InvoiceFilter {
  status?: InvoiceStatus | null;
  overdue?: boolean | null;
  memberId?: string | null;
  /** Words in the member's name or email. */
  member?: string | null;
  /** Issued (created) on or after / on or before these studio dates. */
  from?: string | null;
  to?: string | null;
}

export interface InvoiceTotals {
  count: number;
  totalCents: number;
  paidCents: number;
  outstandingCents: number;
  overdueCents: number;
}

export const INVOICE_BEING_PAID =
  'This invoice is being paid in another checkout right now. If that payment is not finished, you can pay it in half an hour.';

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

const PAYMENT_WORDS: Record<InvoicePaymentMethod, string> = { card: 'card (online)', cash: 'cash', bank_transfer: 'bank transfer' };

/**
 * Invoices: made (as drafts) and changed by admins, sent (email through the outbox and a notification), paid online
 * through the product cart and checkout (payments tells us in the fulfilment's transaction) or recorded as paid by
 * cash or bank transfer, voided or written off. Every status change is conditional on the status it leaves (a row
 * lock), and the database's trigger refuses any change outside the table of transitions.
 */
export class InvoiceService {
  constructor(
    private readonly orm: MikroORM,
    private readonly timeZone: string,
    private readonly studioName: string,
    private readonly email: EmailService,
    private readonly notifications: NotificationService,
    private readonly payments: PaymentService,
    private readonly events: DomainEvents,
  ) {}

  today(now = new Date()): string {
    return todayIn(this.timeZone, now);
  }

  /** Open (or written off) and past its due date on the studio's calendar. */
  isOverdue(invoice: Pick<Invoice, 'status' | 'dueDate'>, today = this.today()): boolean {
    return (invoice.status === InvoiceStatus.open || invoice.status === InvoiceStatus.uncollectible) && invoice.dueDate < today;
  }

  // ── making and changing ────────────────────────────────────────────────────────────────────────────────

  /** Makes an invoice (a draft, or sent at once with `send`) in its own transaction or the caller's. */
  async createInvoice(em: EntityManager, data: NewInvoice): Promise<Invoice> {
    const after: OutboxEmail[] = [];
    const invoice = await em.transactional(async (tx) => {
      const member = await tx.findOne(User, { id: data.memberId }, { populate: ['guardian'] });
      if (!member) throw badInput('Choose a member.', { memberId: 'Choose a member.' });
      const totalCents = totalOf(data.lines);
      await tx.getConnection().execute(`select pg_advisory_xact_lock(hashtext('invoice-number'))`, [], 'get', tx.getTransactionContext());
      const [{ next }] = await tx
        .getConnection()
        .execute<{ next: number }[]>('select coalesce(max(number), 0) + 1 as next from invoice', [], 'all', tx.getTransactionContext());
      const invoice = tx.create(Invoice, {
        number: next,
        member,
        dueDate: data.dueDate,
        memo: data.memo ?? '',
        totalCents,
        createdBy: data.createdBy ?? null,
      });
      data.lines.forEach((line, position) => tx.create(InvoiceLine, { invoice, position, ...line }));
      await tx.flush();
      if (data.send) after.push(...(await this.sendIn(tx, invoice)));
      return invoice;
    });
    for (const email of after) await this.email.dispatchAfterCommit(email);
    return this.load(em, invoice.id);
  }

  /** Changes a draft's member, lines, due date or memo (a sent invoice is voided and made again instead). */
  async updateDraft(em: EntityManager, id: string, data: Omit<NewInvoice, 'createdBy' | 'send'>): Promise<Invoice> {
    await em.transactional(async (tx) => {
      const invoice = await this.locked(tx, id);
      if (invoice.status !== InvoiceStatus.draft) throw conflict('Only a draft can be edited: void this invoice and make a new one.');
      const member = await tx.findOne(User, { id: data.memberId });
      if (!member) throw badInput('Choose a member.', { memberId: 'Choose a member.' });
      invoice.member = member;
      invoice.dueDate = data.dueDate;
      invoice.memo = data.memo ?? '';
      invoice.totalCents = totalOf(data.lines);
      await tx.nativeDelete(InvoiceLine, { invoice: invoice.id });
      data.lines.forEach((line, position) => tx.create(InvoiceLine, { invoice, position, ...line }));
    });
    return this.load(em, id);
  }

  /** Sends a draft: it becomes open, payable in the cart, and the member (or their parent) gets an email and a notification. */
  async send(em: EntityManager, id: string): Promise<Invoice> {
    const emails = await em.transactional(async (tx) => this.sendIn(tx, await this.locked(tx, id)));
    for (const email of emails) await this.email.dispatchAfterCommit(email);
    return this.load(em, id);
  }

  private async sendIn(tx: EntityManager, invoice: Invoice): Promise<OutboxEmail[]> {
    assertMayChangeStatus(invoice.status, InvoiceStatus.open);
    await tx.populate(invoice, ['member.guardian', 'lines']);
    const today = this.today();
    if (invoice.totalCents <= 0) throw conflict('An invoice of $0.00 has nothing to pay: add a line first.');
    invoice.status = InvoiceStatus.open;
    invoice.sentAt = new Date();
    // What the cart and checkout sell: one item, at the invoice's total, that only this invoice's pay button puts in a cart.
    const product = tx.create(Product, {
      category: ProductCategory.invoice,
      name: `Invoice ${invoiceNumber(invoice.number)}`,
      description: `${fullName(invoice.member)}, due ${invoice.dueDate}`,
      priceCents: invoice.totalCents,
    });
    invoice.variant = tx.create(ProductVariant, { product, stock: 1 });
    const recipient = this.notifications.recipientOf(invoice.member);
    const emails: OutboxEmail[] = [];
    if (recipient.email)
      emails.push(
        this.email.queue(tx, {
          to: recipient.email,
          subject: `Invoice ${invoiceNumber(invoice.number)} from ${this.studioName}: ${formatMoney(invoice.totalCents)} due ${invoice.dueDate}`,
          text: invoiceEmailText(invoice, recipient, this.studioName),
          kind: 'invoice',
        }),
      );
    await this.notifications.add(tx, recipient, {
      type: NotificationType.other,
      title: `New invoice ${invoiceNumber(invoice.number)}`,
      message: `${formatMoney(invoice.totalCents)} ${invoice.member.id === recipient.id ? '' : `for ${invoice.member.firstName} `}is due ${invoice.dueDate <= today ? 'now' : `on ${invoice.dueDate}`}. You can pay it online from your profile.`,
      link: '/profile',
      dedupeKey: `invoice_sent:${invoice.id}`,
    });
    await tx.flush();
    return emails;
  }

  /** Voids a draft, an open or a written-off invoice: nothing is owed any more. */
  async voidInvoice(em: EntityManager, id: string, reason: string | null): Promise<Invoice> {
    const closed = await em.transactional(async (tx) => {
      const invoice = await this.locked(tx, id);
      assertMayChangeStatus(invoice.status, InvoiceStatus.void);
      invoice.status = InvoiceStatus.void;
      invoice.voidedAt = new Date();
      invoice.statusReason = reason || null;
      return this.withdraw(tx, invoice);
    });
    await this.payments.expireClosed(closed);
    return this.load(em, id);
  }

  /** Writes off an open invoice (it stays payable: a late payment still counts). */
  async markUncollectible(em: EntityManager, id: string, reason: string | null): Promise<Invoice> {
    await em.transactional(async (tx) => {
      const invoice = await this.locked(tx, id);
      assertMayChangeStatus(invoice.status, InvoiceStatus.uncollectible);
      invoice.status = InvoiceStatus.uncollectible;
      invoice.uncollectibleAt = new Date();
      invoice.statusReason = reason || null;
    });
    return this.load(em, id);
  }

  /** Records a payment made at the desk (cash) or by bank transfer, with its reference. */
  async markPaid(
    em: EntityManager,
    id: string,
    payment: { method: InvoicePaymentMethod.cash | InvoicePaymentMethod.bank_transfer; reference: string | null },
  ): Promise<Invoice> {
    const closed = await em.transactional(async (tx) => {
      const invoice = await this.locked(tx, id);
      if (invoice.status === InvoiceStatus.paid) throw conflict('This invoice is already paid.');
      assertMayChangeStatus(invoice.status, InvoiceStatus.paid);
      invoice.status = InvoiceStatus.paid;
      invoice.paidAt = new Date();
      invoice.paymentMethod = payment.method;
      invoice.paymentReference = payment.reference || null;
      const closed = await this.withdraw(tx, invoice);
      await this.tellPaid(tx, invoice);
      return closed;
    });
    await this.payments.expireClosed(closed);
    return this.load(em, id);
  }

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
   * A settled invoice is no longer for sale: its item leaves the shop and every cart, and the open checkouts that
   * hold it close (answered for the provider to expire them after the commit).
   */
  private async withdraw(tx: EntityManager, invoice: Invoice): Promise<string[]> {
    if (!invoice.variant) return [];
    await tx.nativeUpdate(Product, { variants: invoice.variant.id }, { active: false });
    await tx.nativeDelete(ProductCartItem, { variant: invoice.variant.id });
    return this.payments.closeCheckoutsHolding(tx, invoice.variant.id);
  }

  /** An invoice just became paid: invoice.paid is announced and the member told. */
  private async tellPaid(tx: EntityManager, invoice: Invoice): Promise<void> {
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

  // ── paying online ──────────────────────────────────────────────────────────────────────────────────────

  /**
   * Puts an invoice into the payer's product cart (once: it is one item of quantity 1) and starts checkout for the
   * cart. The member pays their own; a parent pays their child's.
   */
  async pay(em: EntityManager, actor: User, id: string): Promise<{ url: string; sessionId: string }> {
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
      return await this.payments.createCheckout(em, actor);
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

  // ── reading ────────────────────────────────────────────────────────────────────────────────────────────

  /** One invoice with its lines and member, as the viewer may see it. */
  async invoice(em: EntityManager, actor: User, id: string): Promise<Invoice> {
    const invoice = await em.findOne(Invoice, { id }, { populate: ['member', 'lines'] });
    assertMayViewInvoice(actor, invoice);
    return invoice;
  }

  /** The viewer's invoices and their children's, newest first (drafts are the studio's). */
  async myInvoices(em: EntityManager, actor: User): Promise<Invoice[]> {
    return em.find(Invoice, invoicesVisibleTo(actor), {
      populate: ['member', 'lines'],
      orderBy: { createdAt: 'desc', number: 'desc' },
      limit: 100,
    });
  }

  /** /admin/invoices: one page, filtered and sorted on the server, with the totals of every row the filters match. */
  async adminList(
    em: EntityManager,
    args: InvoiceFilter & { page: number; pageSize: number; sortField: string; sortDirection: 'ASC' | 'DESC' },
  ): Promise<{ items: Invoice[]; total: number; page: number; pageSize: number; totals: InvoiceTotals }> {
    const where = this.filter(args);
    const direction = args.sortDirection === 'ASC' ? 'asc' : 'desc';
    const orderBy =
      args.sortField === 'member'
        ? { member: { lastName: direction, firstName: direction } }
        : { [args.sortField]: direction, number: direction };
    const items = await em.find(Invoice, where, {
      populate: ['member'],
      orderBy: [orderBy, { id: 'asc' }] as never,
      limit: args.pageSize,
      offset: offsetOf(args),
    });
    // The totals' count is the page's total: one statement fewer than findAndCount.
    const totals = await this.totals(em, where);
    return { items, total: totals.count, page: args.page, pageSize: args.pageSize, totals };
  }

  private async totals(em: EntityManager, where: FilterQuery<Invoice>): Promise<InvoiceTotals> {
    const today = this.today();
    const [row] = await em
      .createQueryBuilder(Invoice, 'i')
      .select([
        raw('count(*)::int as count'),
        raw(`coalesce(sum(i.total_cents) filter (where i.status <> 'void'), 0)::int as total_cents`),
        raw(`coalesce(sum(i.total_cents) filter (where i.status = 'paid'), 0)::int as paid_cents`),
        raw(`coalesce(sum(i.total_cents) filter (where i.status in ('open', 'uncollectible')), 0)::int as outstanding_cents`),
        raw(
          `coalesce(sum(i.total_cents) filter (where i.status in ('open', 'uncollectible') and i.due_date < ?), 0)::int as overdue_cents`,
          [today],
        ),
      ])
      .where(where as QBFilterQuery<Invoice>)
      .execute<{ count: number; total_cents: number; paid_cents: number; outstanding_cents: number; overdue_cents: number }[]>(
        'all',
        false,
      );
    return {
      count: row.count,
      totalCents: row.total_cents,
      paidCents: row.paid_cents,
      outstandingCents: row.outstanding_cents,
      overdueCents: row.overdue_cents,
    };
  }

  private filter(f: InvoiceFilter): FilterQuery<Invoice> {
    const and: FilterQuery<Invoice>[] = [];
    if (f.status) and.push({ status: f.status });
    const today = this.today();
    if (f.overdue === true) and.push({ status: { $in: [InvoiceStatus.open, InvoiceStatus.uncollectible] }, dueDate: { $lt: today } });
    if (f.overdue === false)
      and.push({ $not: { status: { $in: [InvoiceStatus.open, InvoiceStatus.uncollectible] }, dueDate: { $lt: today } } });
    if (f.memberId) and.push({ member: f.memberId });
    if (f.member?.trim()) {
      const like = likePattern(f.member.trim());
      and.push({ member: { $or: [{ firstName: { $ilike: like } }, { lastName: { $ilike: like } }, { email: { $ilike: like } }] } });
    }
    if (f.from) and.push({ createdAt: { $gte: studioInstant(f.from, '00:00', this.timeZone) } });
    if (f.to) and.push({ createdAt: { $lt: studioInstant(addDaysToDate(f.to, 1), '00:00', this.timeZone) } });
    return and.length ? { $and: and } : {};
  }

  /** The CSV of every invoice the filters match (at most 10,000 rows), oldest number first. */
  async csv(em: EntityManager, f: InvoiceFilter): Promise<string> {
    const rows = await em.find(Invoice, this.filter(f), { populate: ['member'], orderBy: { number: 'asc' }, limit: 10_000 });
    const today = this.today();
    return toCsv(
      [
        'Number',
        'Member',
        'Email',
        'Status',
        'Overdue',
        'Issued',
        'Due',
        'Total',
        'Paid on',
        'Payment method',
        'Payment reference',
        'Memo',
      ],
      rows.map((i) => [
        invoiceNumber(i.number),
        fullName(i.member),
        i.member.email ?? '',
        i.status,
        this.isOverdue(i, today) ? 'yes' : 'no',
        todayIn(this.timeZone, i.createdAt),
        i.dueDate,
        dollarText(i.totalCents),
        i.paidAt ? todayIn(this.timeZone, i.paidAt) : '',
        i.paymentMethod ?? '',
        i.paymentReference ?? '',
        i.memo,
      ]),
    );
  }

  // ── PDF ────────────────────────────────────────────────────────────────────────────────────────────────

  /** The invoice (or, once paid, its receipt) as a PDF, for whoever may see it. */
  async pdf(em: EntityManager, actor: User, id: string, kind: 'invoice' | 'receipt'): Promise<{ filename: string; content: Buffer }> {
    const invoice = await em.findOne(Invoice, { id }, { populate: ['member', 'lines'] });
    if (kind === 'receipt') assertMayDownloadReceipt(actor, invoice);
    else assertMayViewInvoice(actor, invoice);
    const content = await renderInvoicePdf({
      kind,
      studioName: this.studioName,
      number: invoiceNumber(invoice.number),
      member: fullName(invoice.member),
      memberEmail: invoice.member.email,
      issued: todayIn(this.timeZone, invoice.sentAt ?? invoice.createdAt),
      dueDate: invoice.dueDate,
      status: invoice.status,
      memo: invoice.memo,
      lines: invoice.lines.getItems().map((l) => ({ description: l.description, quantity: l.quantity, unitCents: l.unitCents })),
      totalCents: invoice.totalCents,
      paidOn: invoice.paidAt ? todayIn(this.timeZone, invoice.paidAt) : null,
      paymentMethod: invoice.paymentMethod ? PAYMENT_WORDS[invoice.paymentMethod] : null,
      paymentReference: invoice.paymentReference,
    });
    return { filename: `${kind === 'receipt' ? 'receipt' : 'invoice'}-${invoiceNumber(invoice.number)}.pdf`, content };
  }

  // ── overdue reminders ──────────────────────────────────────────────────────────────────────────────────

  /**
   * Sends the reminders due: an open invoice gets reminder k once it is INVOICE_REMINDER_DAYS[k - 1] days past due,
   * each once (the counter moves by a conditional update, so overlapping runs send one). Run daily by a job.
   */
  async sendReminders(now = new Date()): Promise<number> {
    const today = this.today(now);
    const em = this.orm.em.fork();
    const candidates = await em.find(
      Invoice,
      { status: InvoiceStatus.open, dueDate: { $lt: today }, remindersSent: { $lt: INVOICE_REMINDER_DAYS.length } },
      { orderBy: { dueDate: 'asc', id: 'asc' }, limit: 500 },
    );
    let sent = 0;
    for (const candidate of candidates) {
      const step = stepDue(candidate.dueDate, today);
      if (step <= candidate.remindersSent) continue;
      try {
        const email = await em.fork().transactional(async (tx) => {
          const invoice = await tx.findOne(Invoice, { id: candidate.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
          if (!invoice || invoice.status !== InvoiceStatus.open || invoice.remindersSent >= step) return undefined;
          // Only the latest step that is due goes out (a reminder never comes twice, and a late run does not send a burst).
          invoice.remindersSent = step;
          await tx.populate(invoice, ['member.guardian']);
          const recipient = this.notifications.recipientOf(invoice.member);
          const late = `${invoiceNumber(invoice.number)} (${formatMoney(invoice.totalCents)}) was due on ${invoice.dueDate}`;
          await this.notifications.add(tx, recipient, {
            type: NotificationType.other,
            title: `Reminder: invoice ${invoiceNumber(invoice.number)} is overdue`,
            message: `Invoice ${late}. You can pay it online from your profile.`,
            link: '/profile',
            dedupeKey: `invoice_reminder:${invoice.id}:${step}`,
          });
          const queued = recipient.email
            ? this.email.queue(tx, {
                to: recipient.email,
                subject: `Reminder: invoice ${invoiceNumber(invoice.number)} from ${this.studioName} is overdue`,
                text: [
                  `Hi ${recipient.firstName},`,
                  '',
                  `Invoice ${late}, and we have not received it yet.`,
                  'You can pay it online from your profile, or at the front desk.',
                  '',
                  'If you have already paid, thank you, and please ignore this message.',
                ].join('\n'),
                kind: 'invoice_reminder',
              })
            : null;
          await tx.flush();
          return queued;
        });
        if (email === undefined) continue;
        sent += 1;
        if (email) await this.email.dispatchAfterCommit(email);
      } catch (err) {
        log.warn('an invoice reminder could not be sent', { invoiceId: candidate.id, message: (err as Error).message });
      }
    }
    return sent;
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────────────────

  private async locked(tx: EntityManager, id: string): Promise<Invoice> {
    const invoice = await tx.findOne(Invoice, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!invoice) throw notFound('That invoice');
    return invoice;
  }

  private async load(em: EntityManager, id: string): Promise<Invoice> {
    // Inside a caller's transaction (the POS charging a sale) a fork would not see the uncommitted invoice.
    return (em.isInTransaction() ? em : em.fork()).findOneOrFail(Invoice, { id }, { populate: ['member', 'lines'], refresh: true });
  }
}

function totalOf(lines: InvoiceLineData[]): number {
  if (!lines.length) throw badInput('Add at least one line.', { lines: 'Add at least one line.' });
  const total = lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
  if (total < 0) throw badInput('The total cannot be below $0.00.', { lines: 'The total cannot be below $0.00.' });
  if (total > 10_000_000) throw badInput('The total can be at most $100,000.', { lines: 'The total can be at most $100,000.' });
  return total;
}

/** The reminder step due on `today` for an invoice due on `dueDate`: how many of INVOICE_REMINDER_DAYS have passed. */
export function stepDue(dueDate: string, today: string): number {
  return INVOICE_REMINDER_DAYS.filter((days) => addDaysToDate(dueDate, days) <= today).length;
}

function invoiceEmailText(invoice: Invoice, recipient: User, studioName: string): string {
  const lines = invoice.lines.getItems().map((l) => `  ${l.quantity} × ${l.description}  ${formatMoney(l.quantity * l.unitCents)}`);
  return [
    `Hi ${recipient.firstName},`,
    '',
    `Here is invoice ${invoiceNumber(invoice.number)} from ${studioName}${invoice.member.id === recipient.id ? '' : ` for ${fullName(invoice.member)}`}:`,
    '',
    ...lines,
    '',
    `  Total due: ${formatMoney(invoice.totalCents)} by ${invoice.dueDate}`,
    ...(invoice.memo ? ['', invoice.memo] : []),
    '',
    'You can pay it online from your profile (or at the front desk), and download it as a PDF there.',
  ].join('\n');
}
