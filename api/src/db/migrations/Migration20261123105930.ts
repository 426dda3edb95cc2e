import { Migration } from '@mikro-orm/migrations';

export class Migration20261123105930 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "product" ("id" uuid not null, "category" text check ("category" in ('merchandise', 'snacks', 'membership', 'invoice')) not null, "name" varchar(120) not null, "description" text not null default '', "price_cents" int not null, "active" boolean not null default true, "low_stock_threshold" int null, "created_at" timestamptz not null default now(), constraint "product_pkey" primary key ("id"), constraint product_low_stock_threshold_nonnegative check (low_stock_threshold is null or low_stock_threshold >= 0), constraint product_price_nonnegative check (price_cents >= 0));`);
    this.addSql(`create index "product_category_active_index" on "product" ("category", "active");`);

    this.addSql(`create table "product_variant" ("id" uuid not null, "product_id" uuid not null, "label" varchar(60) null, "stock" int null, "sort_order" int not null default 0, constraint "product_variant_pkey" primary key ("id"), constraint product_variant_stock_nonnegative check (stock is null or stock >= 0));`);
    this.addSql(`create index "product_variant_product_id_index" on "product_variant" ("product_id");`);
    this.addSql(`create unique index "product_variant_label_unique" on "product_variant" ("product_id", coalesce("label", ''));`);

    this.addSql(`alter table "product_variant" add constraint "product_variant_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);

  }

  override async down(): Promise<void> {
    this.addSql(`alter table "product_variant" drop constraint "product_variant_product_id_foreign";`);

    this.addSql(`drop table if exists "product" cascade;`);

    this.addSql(`drop table if exists "product_variant" cascade;`);

  }

}
