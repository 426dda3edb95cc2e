import { raw, type EntityManager, type FilterQuery, type QBFilterQuery } from '@mikro-orm/postgresql';
import { dollarText, fullName } from '@studio/rules';
import { toCsv } from '../../../common/csv.js';
import { todayIn } from '../../../common/dates.js';
import { likePattern, offsetOf } from '../../../common/paging.js';
import { addDaysToDate, studioInstant } from '../../../common/studio-time.js';
import { User } from '../../users/user.entity.js';
import { Invoice, InvoiceStatus } from '../invoice.entity.js';
import { renderInvoicePdf } from '../invoice.pdf.js';
import { assertMayDownloadReceipt, assertMayViewInvoice, invoicesVisibleTo } from '../invoice.policy.js';
import { InvoiceFilter, InvoiceTotals, invoiceNumber, PAYMENT_WORDS } from '../invoice-data.js';
import { InvoiceParts } from '../invoice-parts.js';

/** Reading invoices: one, a member's own, the admin table with its totals, CSV and PDF. */
export class InvoiceReadingService extends InvoiceParts {
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

  /** The admin's user drawer: a person's invoices and their children's, drafts too, newest first (the last 100). */
  async familyInvoices(em: EntityManager, personId: string): Promise<Invoice[]> {
    return em.find(
      Invoice,
      { $or: [{ member: personId }, { member: { guardian: personId } }] },
      {
        populate: ['member', 'lines'],
        orderBy: { createdAt: 'desc', number: 'desc' },
        limit: 100,
      },
    );
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
}
