import { Migration } from '@mikro-orm/migrations';

export class Migration20261203140647 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "mailing_attachment" ("id" uuid not null, "storage_key" varchar(200) not null, "filename" varchar(200) not null, "content_type" varchar(100) not null, "size" int not null, "created_by_id" uuid not null, "created_at" timestamptz not null default now(), constraint "mailing_attachment_pkey" primary key ("id"));`);

    this.addSql(`alter table "mailing_attachment" add constraint "mailing_attachment_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "outbox_email" add column "attachments" jsonb null;`);

    this.addSql(`alter table "mailing" add column "attachments" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mailing_attachment" cascade;`);

    this.addSql(`alter table "mailing" drop column "attachments";`);

    this.addSql(`alter table "outbox_email" drop column "attachments";`);
  }

}
