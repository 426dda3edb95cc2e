import { Migration } from '@mikro-orm/migrations';

export class Migration20261123111945 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "payment_event" ("id" varchar(255) not null, "type" varchar(100) not null, "status" text check ("status" in ('processed', 'failed')) not null, "attempts" int not null default 1, "duplicates" int not null default 0, "last_error" text null, "payload" jsonb not null, "received_at" timestamptz not null default now(), "processed_at" timestamptz null, constraint "payment_event_pkey" primary key ("id"));`);
    this.addSql(`create index "payment_event_received_at_index" on "payment_event" ("received_at");`);

    this.addSql(`create table "checkout_session" ("id" uuid not null, "owner_id" uuid not null, "provider" varchar(20) not null, "provider_session_id" varchar(255) not null, "url" text not null, "cart_key" varchar(64) not null, "lines" jsonb not null, "amount_cents" int not null, "status" text check ("status" in ('open', 'completed', 'expired', 'failed')) not null default 'open', "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), "completed_at" timestamptz null, constraint "checkout_session_pkey" primary key ("id"), constraint checkout_session_amount_nonnegative check (amount_cents >= 0));`);
    this.addSql(`create index "checkout_session_owner_id_index" on "checkout_session" ("owner_id");`);
    this.addSql(`alter table "checkout_session" add constraint "checkout_session_provider_session_id_unique" unique ("provider_session_id");`);
    this.addSql(`create index "checkout_session_status_expires_at_index" on "checkout_session" ("status", "expires_at");`);
    this.addSql(`create unique index "checkout_session_one_open_per_owner" on "checkout_session" ("owner_id") where "status" = 'open';`);

    this.addSql(`create table "shop_order" ("id" uuid not null, "owner_id" uuid not null, "checkout_session_id" uuid not null, "total_cents" int not null, "refunded_cents" int not null default 0, "status" text check ("status" in ('paid', 'partially_refunded', 'refunded')) not null default 'paid', "payment_intent_id" varchar(255) null, "created_at" timestamptz not null default now(), constraint "shop_order_pkey" primary key ("id"), constraint shop_order_amounts check (total_cents >= 0 and refunded_cents >= 0 and refunded_cents <= total_cents));`);
    this.addSql(`create index "shop_order_owner_id_index" on "shop_order" ("owner_id");`);
    this.addSql(`alter table "shop_order" add constraint "shop_order_checkout_session_id_unique" unique ("checkout_session_id");`);
    this.addSql(`create index "shop_order_payment_intent_id_index" on "shop_order" ("payment_intent_id");`);

    this.addSql(`create table "order_line" ("id" uuid not null, "order_id" uuid not null, "position" int not null, "kind" text check ("kind" in ('class', 'product')) not null, "description" varchar(300) not null, "quantity" int not null, "unit_cents" int not null, "refunded_cents" int not null default 0, "booking_id" uuid null, "variant_id" uuid null, constraint "order_line_pkey" primary key ("id"), constraint order_line_amounts check (quantity >= 1 and unit_cents >= 0));`);
    this.addSql(`create index "order_line_order_id_index" on "order_line" ("order_id");`);

    this.addSql(`alter table "checkout_session" add constraint "checkout_session_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "shop_order" add constraint "shop_order_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "shop_order" add constraint "shop_order_checkout_session_id_foreign" foreign key ("checkout_session_id") references "checkout_session" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "order_line" add constraint "order_line_order_id_foreign" foreign key ("order_id") references "shop_order" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "shop_order" drop constraint "shop_order_checkout_session_id_foreign";`);

    this.addSql(`alter table "order_line" drop constraint "order_line_order_id_foreign";`);

    this.addSql(`drop table if exists "payment_event" cascade;`);

    this.addSql(`drop table if exists "checkout_session" cascade;`);

    this.addSql(`drop table if exists "shop_order" cascade;`);

    this.addSql(`drop table if exists "order_line" cascade;`);
  }
}
