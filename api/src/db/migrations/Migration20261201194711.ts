import { Migration } from '@mikro-orm/migrations';

export class Migration20261201194711 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "domain_event" ("id" uuid not null, "name" varchar(100) not null, "payload" jsonb not null, "occurred_at" timestamptz not null default now(), constraint "domain_event_pkey" primary key ("id"));`);
    this.addSql(`create index "domain_event_occurred_at_index" on "domain_event" ("occurred_at");`);

    this.addSql(`create table "domain_event_delivery" ("event_id" uuid not null, "handler" varchar(200) not null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "delivered_at" timestamptz null, "last_error" text null, constraint "domain_event_delivery_pkey" primary key ("event_id", "handler"));`);
    this.addSql(`create index "domain_event_delivery_pending" on "domain_event_delivery" ("next_attempt_at") where "delivered_at" is null;`);

    this.addSql(`alter table "domain_event_delivery" add constraint "domain_event_delivery_event_id_foreign" foreign key ("event_id") references "domain_event" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "domain_event_delivery" drop constraint "domain_event_delivery_event_id_foreign";`);

    this.addSql(`drop table if exists "domain_event" cascade;`);

    this.addSql(`drop table if exists "domain_event_delivery" cascade;`);
  }

}
