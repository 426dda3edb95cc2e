import { Migration } from '@mikro-orm/migrations';

export class Migration20261123114511 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "refund" ("id" uuid not null, "order_id" uuid not null, "amount_cents" int not null, "reason" varchar(200) not null, "provider_refund_id" varchar(255) not null, "created_at" timestamptz not null default now(), constraint "refund_pkey" primary key ("id"), constraint refund_amount_positive check (amount_cents > 0));`);
    this.addSql(`create index "refund_order_id_index" on "refund" ("order_id");`);

    this.addSql(`alter table "refund" add constraint "refund_order_id_foreign" foreign key ("order_id") references "shop_order" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "refund" cascade;`);
  }
}
