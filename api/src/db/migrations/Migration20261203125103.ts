import { Migration } from '@mikro-orm/migrations';

export class Migration20261203125103 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "webhook_endpoint" ("id" uuid not null, "url" text not null, "description" text not null default '', "event_types" text[] not null default '{}', "secret" text not null, "previous_secret" text null, "previous_secret_until" timestamptz null, "enabled" boolean not null default true, "disabled_at" timestamptz null, "disabled_reason" text null, "failing_since" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null default now(), constraint "webhook_endpoint_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_endpoint_created_by_id_index" on "webhook_endpoint" ("created_by_id");`);

    this.addSql(`create table "webhook_delivery" ("id" uuid not null, "endpoint_id" uuid not null, "message_id" varchar(100) not null, "type" varchar(100) not null, "data" jsonb not null, "occurred_at" timestamptz not null, "state" text check ("state" in ('pending', 'sending', 'succeeded', 'failed')) not null default 'pending', "attempts" int not null default 0, "next_at" timestamptz not null default now(), "lease_until" timestamptz null, "created_at" timestamptz not null default now(), "succeeded_at" timestamptz null, constraint "webhook_delivery_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_delivery_due" on "webhook_delivery" ("next_at") where "state" in ('pending', 'sending');`);
    this.addSql(`create index "webhook_delivery_endpoint_id_created_at_index" on "webhook_delivery" ("endpoint_id", "created_at");`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_endpoint_id_message_id_unique" unique ("endpoint_id", "message_id");`);

    this.addSql(`create table "webhook_attempt" ("id" uuid not null, "delivery_id" uuid not null, "status" smallint null, "duration_ms" int not null, "response" text not null default '', "error" text null, "at" timestamptz not null default now(), constraint "webhook_attempt_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_attempt_delivery_id_at_index" on "webhook_attempt" ("delivery_id", "at");`);

    this.addSql(`alter table "webhook_endpoint" add constraint "webhook_endpoint_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoint" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_delivery_id_foreign" foreign key ("delivery_id") references "webhook_delivery" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_endpoint_id_foreign";`);

    this.addSql(`alter table "webhook_attempt" drop constraint "webhook_attempt_delivery_id_foreign";`);

    this.addSql(`drop table if exists "webhook_endpoint" cascade;`);

    this.addSql(`drop table if exists "webhook_delivery" cascade;`);

    this.addSql(`drop table if exists "webhook_attempt" cascade;`);
  }

}
