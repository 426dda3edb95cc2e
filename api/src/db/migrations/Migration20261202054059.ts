import { Migration } from '@mikro-orm/migrations';

export class Migration20261202054059 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "waiver_reminder" ("id" uuid not null, "person_id" uuid not null, "document_id" uuid not null, "day" date not null, "sent_at" timestamptz not null default now(), constraint "waiver_reminder_pkey" primary key ("id"));`);
    this.addSql(`alter table "waiver_reminder" add constraint "waiver_reminder_person_id_document_id_day_unique" unique ("person_id", "document_id", "day");`);

    this.addSql(`alter table "waiver_reminder" add constraint "waiver_reminder_person_id_foreign" foreign key ("person_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "waiver_reminder" add constraint "waiver_reminder_document_id_foreign" foreign key ("document_id") references "waiver_document" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "waiver_document" add column "published_by_id" uuid null;`);
    this.addSql(`alter table "waiver_document" add constraint "waiver_document_published_by_id_foreign" foreign key ("published_by_id") references "app_user" ("id") on update cascade on delete restrict;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "waiver_reminder" cascade;`);

    this.addSql(`alter table "waiver_document" drop constraint "waiver_document_published_by_id_foreign";`);

    this.addSql(`alter table "waiver_document" drop column "published_by_id";`);
  }

}
