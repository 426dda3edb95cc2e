import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../users/user.entity.js';
import { PosCategory, PosDay, PosPaymentMethod } from '../pos.entity.js';
import { assertMayCloseDay, assertMayUsePos } from '../pos.policy.js';
import type { PosDayReport } from '../pos.types.js';
import { PosRegister } from '../pos-register.js';

/** The day's report and closing the day (after which nothing more is paid or refunded on it). */
export class PosDayService extends PosRegister {
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
}
