import { Migration } from '@mikro-orm/migrations';

export class Migration20261123185826 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "pos_day" ("date" date not null, "closed_at" timestamptz not null default now(), "closed_by_id" uuid null, "counted_cash_cents" int null, constraint "pos_day_pkey" primary key ("date"));`);

    this.addSql(`create table "pos_sale" ("id" uuid not null, "status" text check ("status" in ('open', 'completed', 'refunded', 'voided')) not null default 'open', "member_id" uuid null, "cashier_id" uuid null, "discount_cents" int not null default 0, "discount_reason" varchar(200) null, "payment_method" text check ("payment_method" in ('cash')) null, "tendered_cents" int null, "change_cents" int null, "paid_cents" int null, "order_id" uuid null, "business_date" date null, "refund_date" date null, "refund_reason" varchar(200) null, "created_at" timestamptz not null default now(), "completed_at" timestamptz null, constraint "pos_sale_pkey" primary key ("id"), constraint pos_sale_cash_amounts check (tendered_cents is null or (tendered_cents >= 0 and change_cents >= 0)), constraint pos_sale_discount_nonnegative check (discount_cents >= 0));`);
    this.addSql(`alter table "pos_sale" add constraint "pos_sale_order_id_unique" unique ("order_id");`);
    this.addSql(`create index "pos_sale_refund_date_index" on "pos_sale" ("refund_date");`);
    this.addSql(`create index "pos_sale_business_date_status_index" on "pos_sale" ("business_date", "status");`);

    this.addSql(`create table "pos_sale_line" ("id" uuid not null, "sale_id" uuid not null, "added_at" timestamptz not null default clock_timestamp(), "category" text check ("category" in ('merchandise', 'snacks', 'dropin')) not null, "variant_id" uuid null, "class_instance_id" uuid null, "description" varchar(300) not null, "quantity" int not null, "unit_cents" int not null, "discount_cents" int not null default 0, "discount_reason" varchar(200) null, "booking_id" uuid null, constraint "pos_sale_line_pkey" primary key ("id"), constraint pos_sale_line_one_item check ((variant_id is null) <> (class_instance_id is null)), constraint pos_sale_line_amounts check (quantity between 1 and 99 and unit_cents >= 0 and discount_cents >= 0));`);
    this.addSql(`create index "pos_sale_line_sale_id_index" on "pos_sale_line" ("sale_id");`);
    this.addSql(`create unique index "pos_sale_line_class_unique" on "pos_sale_line" ("sale_id", "class_instance_id") where "class_instance_id" is not null;`);
    this.addSql(`create unique index "pos_sale_line_variant_unique" on "pos_sale_line" ("sale_id", "variant_id") where "variant_id" is not null;`);

    this.addSql(`alter table "pos_day" add constraint "pos_day_closed_by_id_foreign" foreign key ("closed_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "pos_sale" add constraint "pos_sale_member_id_foreign" foreign key ("member_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "pos_sale" add constraint "pos_sale_cashier_id_foreign" foreign key ("cashier_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "pos_sale" add constraint "pos_sale_order_id_foreign" foreign key ("order_id") references "shop_order" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "pos_sale_line" add constraint "pos_sale_line_sale_id_foreign" foreign key ("sale_id") references "pos_sale" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "shop_order" alter column "owner_id" drop not null;`);
    this.addSql(`alter table "shop_order" alter column "checkout_session_id" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "pos_sale_line" drop constraint "pos_sale_line_sale_id_foreign";`);

    this.addSql(`drop table if exists "pos_day" cascade;`);

    this.addSql(`drop table if exists "pos_sale" cascade;`);

    this.addSql(`drop table if exists "pos_sale_line" cascade;`);

    this.addSql(`alter table "shop_order" alter column "owner_id" set not null;`);
    this.addSql(`alter table "shop_order" alter column "checkout_session_id" set not null;`);

  }

}
