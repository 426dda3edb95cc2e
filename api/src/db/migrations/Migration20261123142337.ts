import { Migration } from '@mikro-orm/migrations';

export class Migration20261123142337 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "product_image" ("id" uuid not null, "product_id" uuid not null, "sort_order" int not null default 0, "width" int not null, "height" int not null, "created_at" timestamptz not null default now(), constraint "product_image_pkey" primary key ("id"));`);
    this.addSql(`create index "product_image_product_id_index" on "product_image" ("product_id");`);

    this.addSql(`create table "stock_adjustment" ("id" uuid not null, "product_id" uuid not null, "variant_id" uuid null, "variant_label" varchar(60) null, "actor_id" uuid null, "delta" int not null, "stock_after" int not null, "reason" varchar(200) not null, "created_at" timestamptz not null default now(), constraint "stock_adjustment_pkey" primary key ("id"));`);
    this.addSql(`create index "stock_adjustment_product_id_created_at_index" on "stock_adjustment" ("product_id", "created_at");`);

    this.addSql(`alter table "product_image" add constraint "product_image_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "stock_adjustment" add constraint "stock_adjustment_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stock_adjustment" add constraint "stock_adjustment_variant_id_foreign" foreign key ("variant_id") references "product_variant" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "stock_adjustment" add constraint "stock_adjustment_actor_id_foreign" foreign key ("actor_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "product_variant" add column "low_stock_threshold" int null, add column "low_stock_alerted" boolean not null default false;`);
    this.addSql(`alter table "product_variant" add constraint product_variant_low_stock_threshold_nonnegative check(low_stock_threshold is null or low_stock_threshold >= 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "product_image" cascade;`);

    this.addSql(`drop table if exists "stock_adjustment" cascade;`);

    this.addSql(`alter table "product_variant" drop constraint product_variant_low_stock_threshold_nonnegative;`);
    this.addSql(`alter table "product_variant" drop column "low_stock_threshold", drop column "low_stock_alerted";`);
  }

}
