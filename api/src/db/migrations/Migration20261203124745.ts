import { Migration } from '@mikro-orm/migrations';

export class Migration20261203124745 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "mailing" ("id" uuid not null, "subject" varchar(300) not null, "body" text not null, "audience" jsonb not null, "status" text check ("status" in ('scheduled', 'sending', 'sent', 'cancelled')) not null default 'scheduled', "scheduled_at" timestamptz not null, "next_run_at" timestamptz not null, "started_at" timestamptz null, "finished_at" timestamptz null, "created_by_id" uuid not null, "created_at" timestamptz not null default now(), constraint "mailing_pkey" primary key ("id"));`);
    this.addSql(`create index "mailing_status_next_run_at_index" on "mailing" ("status", "next_run_at");`);

    this.addSql(`create table "mailing_recipient" ("id" uuid not null, "mailing_id" uuid not null, "user_id" uuid not null, "addressee_id" uuid null, "address" varchar(254) null, "via_parent" boolean not null default false, "outbox_email_id" uuid null, "excluded_reason" varchar(20) null, constraint "mailing_recipient_pkey" primary key ("id"));`);
    this.addSql(`create index "mailing_recipient_addressee_id_index" on "mailing_recipient" ("addressee_id");`);
    this.addSql(`alter table "mailing_recipient" add constraint "mailing_recipient_mailing_id_user_id_unique" unique ("mailing_id", "user_id");`);

    this.addSql(`create table "email_opt_out" ("user_id" uuid not null, "at" timestamptz not null default now(), "via" varchar(20) not null, constraint "email_opt_out_pkey" primary key ("user_id"));`);

    this.addSql(`alter table "mailing" add constraint "mailing_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "mailing_recipient" add constraint "mailing_recipient_mailing_id_foreign" foreign key ("mailing_id") references "mailing" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "mailing_recipient" add constraint "mailing_recipient_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "mailing_recipient" add constraint "mailing_recipient_addressee_id_foreign" foreign key ("addressee_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "email_opt_out" add constraint "email_opt_out_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "outbox_email" drop constraint if exists "outbox_email_status_check";`);

    this.addSql(`alter table "outbox_email" add column "html" text null, add column "headers" jsonb null, add column "bounced" boolean not null default false;`);
    this.addSql(`alter table "outbox_email" add constraint "outbox_email_status_check" check("status" in ('pending', 'sent', 'failed', 'held', 'cancelled'));`);
    this.addSql(`create index "outbox_email_bounced_to" on "outbox_email" (lower("to")) where "bounced";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "mailing_recipient" drop constraint "mailing_recipient_mailing_id_foreign";`);

    this.addSql(`drop table if exists "mailing" cascade;`);

    this.addSql(`drop table if exists "mailing_recipient" cascade;`);

    this.addSql(`drop table if exists "email_opt_out" cascade;`);

    this.addSql(`alter table "outbox_email" drop constraint if exists "outbox_email_status_check";`);

    this.addSql(`drop index "outbox_email_bounced_to";`);
    this.addSql(`alter table "outbox_email" drop column "html", drop column "headers", drop column "bounced";`);

    this.addSql(`alter table "outbox_email" add constraint "outbox_email_status_check" check("status" in ('pending', 'sent', 'failed', 'held'));`);
  }

}
