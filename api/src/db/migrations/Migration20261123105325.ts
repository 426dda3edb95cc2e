import { Migration } from '@mikro-orm/migrations';

/** Instructor profiles (bio, photo, apparatus taught) and private calendar feeds. */
export class Migration20261123105325 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "instructor_apparatus" ("instructor_id" uuid not null, "apparatus_id" uuid not null, constraint "instructor_apparatus_pkey" primary key ("instructor_id", "apparatus_id"));`);
    this.addSql(`create index "instructor_apparatus_apparatus_id_index" on "instructor_apparatus" ("apparatus_id");`);

    this.addSql(`create table "calendar_feed" ("user_id" uuid not null, "token" varchar(64) not null, "created_at" timestamptz not null default now(), constraint "calendar_feed_pkey" primary key ("user_id"));`);
    this.addSql(`alter table "calendar_feed" add constraint "calendar_feed_token_unique" unique ("token");`);

    this.addSql(`create table "user_photo" ("user_id" uuid not null, "content" bytea not null, "content_type" varchar(30) not null, "updated_at" timestamptz not null, constraint "user_photo_pkey" primary key ("user_id"));`);

    this.addSql(`alter table "instructor_apparatus" add constraint "instructor_apparatus_instructor_id_foreign" foreign key ("instructor_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "instructor_apparatus" add constraint "instructor_apparatus_apparatus_id_foreign" foreign key ("apparatus_id") references "apparatus" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "calendar_feed" add constraint "calendar_feed_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_photo" add constraint "user_photo_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "app_user" add column "bio" text not null default '', add column "photo_updated_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "instructor_apparatus" cascade;`);

    this.addSql(`drop table if exists "calendar_feed" cascade;`);

    this.addSql(`drop table if exists "user_photo" cascade;`);

    this.addSql(`alter table "app_user" drop column "bio", drop column "photo_updated_at";`);
  }

}
