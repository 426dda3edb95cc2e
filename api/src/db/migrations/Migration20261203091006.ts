import { Migration } from '@mikro-orm/migrations';

/**
 * Groups of members: member_group (manual, or a rule kept as JSON) and group_member (a manual group's members, one
 * row per group and person).
 */
export class Migration20261203091006 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "member_group" ("id" uuid not null, "name" varchar(100) not null, "description" text not null default '', "kind" text check ("kind" in ('manual', 'rule')) not null, "rule" jsonb null, "archived_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "member_group_pkey" primary key ("id"));`);
    this.addSql(`create index "member_group_archived_at_name_index" on "member_group" ("archived_at", "name");`);

    this.addSql(`create table "group_member" ("group_id" uuid not null, "user_id" uuid not null, "added_at" timestamptz not null default now(), constraint "group_member_pkey" primary key ("group_id", "user_id"));`);
    this.addSql(`create index "group_member_user_id_index" on "group_member" ("user_id");`);

    this.addSql(`alter table "group_member" add constraint "group_member_group_id_foreign" foreign key ("group_id") references "member_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "group_member" add constraint "group_member_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "group_member" drop constraint "group_member_group_id_foreign";`);

    this.addSql(`drop table if exists "member_group" cascade;`);

    this.addSql(`drop table if exists "group_member" cascade;`);
  }

}
