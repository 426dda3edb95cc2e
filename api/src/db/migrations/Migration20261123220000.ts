import { Migration } from '@mikro-orm/migrations';

export class Migration20261123220000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "shop_order" drop constraint if exists "shop_order_status_check";`);
    this.addSql(`alter table "shop_order" add constraint "shop_order_status_check" check("status" in ('paid', 'partially_refunded', 'refunded', 'on_account', 'cancelled'));`);
    // Sales already charged to an account: their money is their invoice's payment, not this order.
    this.addSql(`update "shop_order" set "status" = case when "status" = 'refunded' then 'cancelled' else 'on_account' end, "refunded_cents" = 0 where "id" in (select "order_id" from "pos_sale" where "payment_method" = 'account');`);
    this.addSql(`delete from "refund" where "order_id" in (select "order_id" from "pos_sale" where "payment_method" = 'account');`);

    this.addSql(`alter table "checkout_session" alter column "owner_id" drop not null;`);
    this.addSql(`alter table "checkout_session" add column "counter_sale_id" uuid null;`);
    this.addSql(`create index "checkout_session_counter_sale_id_index" on "checkout_session" ("counter_sale_id");`);

    this.addSql(`alter table "pos_sale" drop constraint if exists "pos_sale_status_check";`);
    this.addSql(`alter table "pos_sale" drop constraint if exists "pos_sale_payment_method_check";`);
    this.addSql(`alter table "pos_sale" add column "card_checkout_id" uuid null, add column "card_payment_url" text null, add column "card_payment_expires_at" timestamptz null;`);
    this.addSql(`alter table "pos_sale" add constraint "pos_sale_status_check" check("status" in ('open', 'awaiting_card', 'completed', 'refunded', 'voided'));`);
    this.addSql(`alter table "pos_sale" add constraint "pos_sale_payment_method_check" check("payment_method" in ('cash', 'card', 'account'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "pos_sale" set "status" = 'open', "card_checkout_id" = null where "status" = 'awaiting_card';`);
    this.addSql(`alter table "pos_sale" drop constraint if exists "pos_sale_status_check";`);
    this.addSql(`alter table "pos_sale" drop constraint if exists "pos_sale_payment_method_check";`);
    this.addSql(`alter table "pos_sale" drop column "card_checkout_id", drop column "card_payment_url", drop column "card_payment_expires_at";`);
    this.addSql(`alter table "pos_sale" add constraint "pos_sale_status_check" check("status" in ('open', 'completed', 'refunded', 'voided'));`);
    this.addSql(`alter table "pos_sale" add constraint "pos_sale_payment_method_check" check("payment_method" in ('cash', 'account'));`);

    this.addSql(`drop index "checkout_session_counter_sale_id_index";`);
    this.addSql(`alter table "checkout_session" drop column "counter_sale_id";`);
    this.addSql(`alter table "checkout_session" alter column "owner_id" set not null;`);

    this.addSql(`update "shop_order" set "status" = case when "status" = 'cancelled' then 'refunded' else 'paid' end where "status" in ('on_account', 'cancelled');`);
    this.addSql(`alter table "shop_order" drop constraint if exists "shop_order_status_check";`);
    this.addSql(`alter table "shop_order" add constraint "shop_order_status_check" check("status" in ('paid', 'partially_refunded', 'refunded'));`);
  }

}
