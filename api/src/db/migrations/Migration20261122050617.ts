import { Migration } from '@mikro-orm/migrations';

export class Migration20261122050617 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "feedback" ("id" uuid not null, "message" text not null, "category" text check ("category" in ('bug', 'feature', 'question', 'general', 'other')) not null, "author_id" uuid not null, "page" varchar(300) null, "created_at" timestamptz not null default now(), constraint "feedback_pkey" primary key ("id"));`);
    this.addSql(`create index "feedback_author_id_index" on "feedback" ("author_id");`);

    this.addSql(`alter table "feedback" add constraint "feedback_author_id_foreign" foreign key ("author_id") references "app_user" ("id") on update cascade on delete restrict;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "feedback" cascade;`);
  }

}
