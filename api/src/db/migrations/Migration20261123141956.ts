import { Migration } from '@mikro-orm/migrations';

/** Notifications: the admins' studio-wide feed (audience) and which types also come by email. */
export class Migration20261123141956 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "notification_preferences" ("user_id" uuid not null, "email_types" text[] not null default '{}', constraint "notification_preferences_pkey" primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "notification_preferences" add constraint "notification_preferences_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "notification" add column "audience" text check ("audience" in ('personal', 'studio')) not null default 'personal';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notification_preferences" cascade;`);
    this.addSql(`alter table "notification" drop column "audience";`);
  }
}
