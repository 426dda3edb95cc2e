import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's revenue per day (revenue_day) and what keeps it exact: triggers on shop_order, order_line and invoice
 * note the time of every change to money (revenue_stale_at), and the next read sums those days again; they also tell
 * open dashboards to read again.
 */
export class Migration20261202171000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "revenue_day" ("day" date not null, "category" text not null, "cents" bigint not null, constraint "revenue_day_pkey" primary key ("day", "category"));`);

    this.addSql(`create table "revenue_day_zone" ("id" int not null default 1, "zone" text not null, constraint "revenue_day_zone_pkey" primary key ("id"));`);

    this.addSql(`create table "revenue_stale_at" ("at" timestamptz not null, constraint "revenue_stale_at_pkey" primary key ("at"));`);

    this.addSql(`create or replace function revenue_stale_order() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then insert into revenue_stale_at (at) values (old.created_at) on conflict do nothing; end if;
  if tg_op in ('INSERT', 'UPDATE') then insert into revenue_stale_at (at) values (new.created_at) on conflict do nothing; end if;
  -- Open dashboards read their figures again once this commits (one notice per transaction: PostgreSQL folds
  -- identical ones; the payload is the pub/sub's {type, detail}, see graphql/pubsub.ts).
  perform pg_notify('studio_events', json_build_object('type', 'DASHBOARD_CHANGED', 'detail', json_build_object('kind', 'order', 'at', now()))::text);
  return null;
end $$;`);
    this.addSql(
      `create trigger shop_order_revenue_stale after insert or delete or update of total_cents, refunded_cents, status, created_at on shop_order
         for each row execute function revenue_stale_order();`,
    );
    this.addSql(`create or replace function revenue_stale_order_line() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into revenue_stale_at (at) select o.created_at from shop_order o where o.id = old.order_id on conflict do nothing;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into revenue_stale_at (at) select o.created_at from shop_order o where o.id = new.order_id on conflict do nothing;
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger order_line_revenue_stale after insert or delete or update of order_id, kind, quantity, unit_cents, refunded_cents, variant_id on order_line
         for each row execute function revenue_stale_order_line();`,
    );
    this.addSql(`create or replace function revenue_stale_invoice() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.paid_at is not null then
    insert into revenue_stale_at (at) values (old.paid_at) on conflict do nothing;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.paid_at is not null then
    insert into revenue_stale_at (at) values (new.paid_at) on conflict do nothing;
  end if;
  -- Open dashboards read their figures again once this commits (one notice per transaction: PostgreSQL folds
  -- identical ones; the payload is the pub/sub's {type, detail}, see graphql/pubsub.ts).
  perform pg_notify('studio_events', json_build_object('type', 'DASHBOARD_CHANGED', 'detail', json_build_object('kind', 'invoice', 'at', now()))::text);
  return null;
end $$;`);
    this.addSql(
      `create trigger invoice_revenue_stale after insert or delete or update of status, paid_at, payment_method, total_cents on invoice
         for each row execute function revenue_stale_invoice();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists shop_order_revenue_stale on shop_order;`);
    this.addSql(`drop trigger if exists order_line_revenue_stale on order_line;`);
    this.addSql(`drop trigger if exists invoice_revenue_stale on invoice;`);
    this.addSql(`drop function if exists revenue_stale_order();`);
    this.addSql(`drop function if exists revenue_stale_order_line();`);
    this.addSql(`drop function if exists revenue_stale_invoice();`);
    this.addSql(`drop table if exists "revenue_day" cascade;`);

    this.addSql(`drop table if exists "revenue_day_zone" cascade;`);

    this.addSql(`drop table if exists "revenue_stale_at" cascade;`);
  }

}
