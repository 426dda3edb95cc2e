import { Migration } from '@mikro-orm/migrations';

export class Migration20261123110311 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "product_cart_item" ("id" uuid not null, "owner_id" uuid not null, "variant_id" uuid not null, "quantity" int not null, "created_at" timestamptz not null default now(), constraint "product_cart_item_pkey" primary key ("id"), constraint product_cart_item_quantity_range check (quantity >= 1 and quantity <= 99));`);
    this.addSql(`create index "product_cart_item_owner_id_index" on "product_cart_item" ("owner_id");`);
    this.addSql(`alter table "product_cart_item" add constraint "product_cart_item_owner_id_variant_id_unique" unique ("owner_id", "variant_id");`);

    this.addSql(`alter table "product_cart_item" add constraint "product_cart_item_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "product_cart_item" add constraint "product_cart_item_variant_id_foreign" foreign key ("variant_id") references "product_variant" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "product_cart_item" cascade;`);
  }
}
