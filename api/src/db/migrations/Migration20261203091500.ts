import { Migration } from '@mikro-orm/migrations';

/**
 * A product moved to another category (or made a class pack) counts in its new category on every day it was sold:
 * revenue_day sums by the product's category when a day is summed, so the days of its orders are marked to be summed
 * again, and open dashboards are told.
 */
export class Migration20261203091500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function revenue_stale_product() returns trigger language plpgsql as $$
begin
  insert into revenue_stale_at (at)
    select distinct o.created_at from product_variant v
      join order_line l on l.variant_id = v.id
      join shop_order o on o.id = l.order_id
     where v.product_id = new.id
  on conflict do nothing;
  perform pg_notify('studio_events', json_build_object('type', 'DASHBOARD_CHANGED', 'detail', json_build_object('kind', 'order', 'at', now()))::text);
  return null;
end $$;`);
    this.addSql(
      `create trigger product_revenue_stale after update of category, pack_classes on product
         for each row when (old.category is distinct from new.category or (old.pack_classes is null) <> (new.pack_classes is null))
         execute function revenue_stale_product();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists product_revenue_stale on product;`);
    this.addSql(`drop function if exists revenue_stale_product();`);
  }
}
