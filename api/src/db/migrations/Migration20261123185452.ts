import { Migration } from '@mikro-orm/migrations';

export class Migration20261123185452 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "membership_plan" ("id" uuid not null, "name" varchar(100) not null, "description" text not null default '', "price_cents" int not null, "interval" text check ("interval" in ('month', 'year')) not null, "classes_per_period" int null, "covered_apparatus_ids" text[] not null default '{}', "family_members" int not null default 0, "sign_up_fee_cents" int not null default 0, "active" boolean not null default true, "stripe_product_id" varchar(100) null, "stripe_price_id" varchar(100) null, "created_at" timestamptz not null default now(), constraint "membership_plan_pkey" primary key ("id"), constraint membership_plan_classes_positive check (classes_per_period is null or classes_per_period > 0), constraint membership_plan_amounts check (price_cents >= 0 and sign_up_fee_cents >= 0 and family_members >= 0));`,
    );

    this.addSql(
      `create table "membership" ("id" uuid not null, "holder_id" uuid not null, "plan_id" uuid not null, "status" text check ("status" in ('active', 'past_due', 'suspended', 'paused', 'canceled')) not null default 'active', "current_period_start" timestamptz not null, "current_period_end" timestamptz not null, "cancel_at_period_end" boolean not null default false, "comp" boolean not null default false, "paused_from" timestamptz null, "paused_until" timestamptz null, "past_due_since" timestamptz null, "failed_payments" int not null default 0, "next_plan_id" uuid null, "provider_subscription_id" varchar(100) null, "paid_through" timestamptz null, "period_from_provider" boolean not null default false, "provider_state_at" timestamptz null, "canceled_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "membership_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "membership_plan_id_index" on "membership" ("plan_id");`);
    this.addSql(
      `create unique index "membership_provider_subscription" on "membership" ("provider_subscription_id") where "provider_subscription_id" is not null;`,
    );
    this.addSql(`create index "membership_holder_id_status_index" on "membership" ("holder_id", "status");`);

    this.addSql(
      `create table "class_pack" ("id" uuid not null, "owner_id" uuid not null, "name" varchar(200) not null, "classes" int not null, "used" int not null default 0, "expires_at" timestamptz not null, "purchase_key" varchar(100) null, "created_at" timestamptz not null default now(), constraint "class_pack_pkey" primary key ("id"), constraint class_pack_used_within check (used >= 0 and used <= classes));`,
    );
    this.addSql(`alter table "class_pack" add constraint "class_pack_purchase_key_unique" unique ("purchase_key");`);
    this.addSql(`create index "class_pack_owner_id_expires_at_index" on "class_pack" ("owner_id", "expires_at");`);

    this.addSql(
      `create table "entitlement_use" ("booking_id" uuid not null, "membership_id" uuid null, "pack_id" uuid null, "period_start" timestamptz null, "returned_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "entitlement_use_pkey" primary key ("booking_id"));`,
    );
    this.addSql(`create index "entitlement_use_pack_id_index" on "entitlement_use" ("pack_id");`);
    this.addSql(`create index "entitlement_use_membership_id_period_start_index" on "entitlement_use" ("membership_id", "period_start");`);

    this.addSql(
      `alter table "membership" add constraint "membership_holder_id_foreign" foreign key ("holder_id") references "app_user" ("id") on update cascade on delete restrict;`,
    );
    this.addSql(
      `alter table "membership" add constraint "membership_plan_id_foreign" foreign key ("plan_id") references "membership_plan" ("id") on update cascade on delete restrict;`,
    );
    this.addSql(
      `alter table "membership" add constraint "membership_next_plan_id_foreign" foreign key ("next_plan_id") references "membership_plan" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "class_pack" add constraint "class_pack_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on update cascade on delete restrict;`,
    );

    this.addSql(
      `alter table "entitlement_use" add constraint "entitlement_use_booking_id_foreign" foreign key ("booking_id") references "booking" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "entitlement_use" add constraint "entitlement_use_membership_id_foreign" foreign key ("membership_id") references "membership" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "entitlement_use" add constraint "entitlement_use_pack_id_foreign" foreign key ("pack_id") references "class_pack" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "booking" drop constraint if exists "booking_payment_status_check";`);

    this.addSql(`create table "membership_checkout" ("id" uuid not null, "provider_session_id" varchar(200) not null, "owner_id" uuid not null, "plan_id" uuid not null, "status" text check ("status" in ('open', 'completed')) not null default 'open', "membership_id" uuid null, "created_at" timestamptz not null default now(), constraint "membership_checkout_pkey" primary key ("id"));`);
    this.addSql(`alter table "membership_checkout" add constraint "membership_checkout_provider_session_id_unique" unique ("provider_session_id");`);
    this.addSql(`create index "membership_checkout_owner_id_index" on "membership_checkout" ("owner_id");`);
    this.addSql(`alter table "membership_checkout" add constraint "membership_checkout_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "membership_checkout" add constraint "membership_checkout_plan_id_foreign" foreign key ("plan_id") references "membership_plan" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "membership_checkout" add constraint "membership_checkout_membership_id_foreign" foreign key ("membership_id") references "membership" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "product" add column "pack_classes" int null, add column "pack_valid_days" int null;`);
    this.addSql(
      `alter table "product" add constraint product_class_pack_terms check((pack_classes is null) = (pack_valid_days is null) and (pack_classes is null or (category = 'membership' and pack_classes > 0 and pack_valid_days > 0)));`,
    );
    this.addSql(
      `alter table "studio_settings" add column "late_cancel_uses_credit" boolean not null default true, add column "membership_grace_days" int not null default 3;`,
    );

    this.addSql(`alter table "booking" add column "covered_by" varchar(200) null;`);
    this.addSql(
      `alter table "booking" add constraint "booking_payment_status_check" check("payment_status" in ('free', 'unpaid', 'paid', 'covered'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "membership" drop constraint "membership_plan_id_foreign";`);

    this.addSql(`alter table "membership" drop constraint "membership_next_plan_id_foreign";`);

    this.addSql(`alter table "entitlement_use" drop constraint "entitlement_use_membership_id_foreign";`);

    this.addSql(`alter table "entitlement_use" drop constraint "entitlement_use_pack_id_foreign";`);

    this.addSql(`drop table if exists "membership_plan" cascade;`);

    this.addSql(`drop table if exists "membership" cascade;`);

    this.addSql(`drop table if exists "class_pack" cascade;`);

    this.addSql(`drop table if exists "entitlement_use" cascade;`);

    this.addSql(`alter table "booking" drop constraint if exists "booking_payment_status_check";`);

    this.addSql(`alter table "booking" drop column "covered_by";`);

    this.addSql(
      `alter table "booking" add constraint "booking_payment_status_check" check("payment_status" in ('free', 'unpaid', 'paid'));`,
    );

    this.addSql(`drop table if exists "membership_checkout" cascade;`);
    this.addSql(`alter table "product" drop constraint product_class_pack_terms;`);
    this.addSql(`alter table "product" drop column "pack_classes", drop column "pack_valid_days";`);
    this.addSql(`alter table "studio_settings" drop column "late_cancel_uses_credit", drop column "membership_grace_days";`);
  }
}
