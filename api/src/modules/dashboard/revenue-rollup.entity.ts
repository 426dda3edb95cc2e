import { Entity, PrimaryKey, Property, types } from '@mikro-orm/core';

/**
 * Money received on one day of the studio's calendar for one category, net of refunds: the dashboard sums a period's
 * days instead of its orders. Refreshed from revenue_stale_at when read (see revenue-rollup.ts).
 */
@Entity({ tableName: 'revenue_day' })
export class RevenueDay {
  @PrimaryKey({ type: types.date }) day: string;
  @PrimaryKey({ type: types.text }) category: string;
  @Property({ type: types.bigint }) cents: string;
}

/**
 * When money changed: an order's or a paid invoice's time, written by triggers on shop_order, order_line and invoice
 * (whichever code changes them); the days these fall on are summed again at the next read.
 */
@Entity({ tableName: 'revenue_stale_at' })
export class RevenueStaleAt {
  @PrimaryKey({ type: types.datetime }) at: Date;
}

/** The time zone revenue_day's days are in: another zone (the studio's setting changed) sums every day again. */
@Entity({ tableName: 'revenue_day_zone' })
export class RevenueDayZone {
  @PrimaryKey({ type: types.integer, autoincrement: false }) id: number = 1;
  @Property({ type: types.text }) zone: string;
}
