import { Migration } from '@mikro-orm/migrations';

export class Migration20261203163415 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create type "video_access" as enum ('members', 'plans', 'staff', 'public');`);
    this.addSql(`create type "video_purpose" as enum ('library', 'evidence');`);
    this.addSql(`create type "video_processing" as enum ('awaiting_upload', 'processing', 'ready', 'failed');`);
    this.addSql(`create table "video" ("id" uuid not null, "title" varchar(150) not null, "description" text not null default '', "apparatus_id" uuid null, "level" int null, "move_ids" text[] not null default '{}', "access" "video_access" not null default 'members', "plan_ids" text[] not null default '{}', "unlocked_by_prerequisites" boolean not null default false, "purpose" "video_purpose" not null default 'library', "owner_id" uuid null, "sign_off_request_id" uuid null, "file_key" varchar(300) null, "poster_key" varchar(300) null, "size" bigint not null default 0, "content_type" varchar(100) null, "duration_seconds" double precision null, "width" int null, "height" int null, "playable_everywhere" boolean null, "processing" "video_processing" not null default 'awaiting_upload', "processing_progress" int null, "processing_error" text null, "sharing" boolean not null default false, "share_expires_at" timestamptz null, "share_revoked_at" timestamptz null, "share_views" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "created_by_id" uuid null, constraint "video_pkey" primary key ("id"));`);
    this.addSql(`create index "video_sign_off_request_id_index" on "video" ("sign_off_request_id");`);
    this.addSql(`create index "video_purpose_created_at_index" on "video" ("purpose", "created_at");`);

    this.addSql(`create table "video_collection" ("id" uuid not null, "title" varchar(120) not null, "description" text not null default '', "created_at" timestamptz not null default now(), constraint "video_collection_pkey" primary key ("id"));`);

    this.addSql(`create table "video_collection_item" ("id" uuid not null, "collection_id" uuid not null, "video_id" uuid not null, "position" int not null, constraint "video_collection_item_pkey" primary key ("id"));`);
    this.addSql(`create index "video_collection_item_collection_id_index" on "video_collection_item" ("collection_id");`);
    this.addSql(`create index "video_collection_item_video_id_index" on "video_collection_item" ("video_id");`);
    this.addSql(`alter table "video_collection_item" add constraint "video_collection_item_collection_id_video_id_unique" unique ("collection_id", "video_id");`);

    this.addSql(`create table "video_watch" ("id" uuid not null, "user_id" uuid not null, "video_id" uuid not null, "position_seconds" double precision not null, "updated_at" timestamptz not null default now(), constraint "video_watch_pkey" primary key ("id"));`);
    this.addSql(`create index "video_watch_video_id_index" on "video_watch" ("video_id");`);
    this.addSql(`create index "video_watch_user_id_updated_at_index" on "video_watch" ("user_id", "updated_at");`);
    this.addSql(`alter table "video_watch" add constraint "video_watch_user_id_video_id_unique" unique ("user_id", "video_id");`);

    this.addSql(`alter table "video" add constraint "video_apparatus_id_foreign" foreign key ("apparatus_id") references "apparatus" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "video" add constraint "video_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "video" add constraint "video_sign_off_request_id_foreign" foreign key ("sign_off_request_id") references "sign_off_request" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "video" add constraint "video_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "video_collection_item" add constraint "video_collection_item_collection_id_foreign" foreign key ("collection_id") references "video_collection" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "video_collection_item" add constraint "video_collection_item_video_id_foreign" foreign key ("video_id") references "video" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "video_watch" add constraint "video_watch_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "video_watch" add constraint "video_watch_video_id_foreign" foreign key ("video_id") references "video" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "video_collection_item" drop constraint "video_collection_item_video_id_foreign";`);

    this.addSql(`alter table "video_watch" drop constraint "video_watch_video_id_foreign";`);

    this.addSql(`alter table "video_collection_item" drop constraint "video_collection_item_collection_id_foreign";`);

    this.addSql(`drop table if exists "video" cascade;`);

    this.addSql(`drop table if exists "video_collection" cascade;`);

    this.addSql(`drop table if exists "video_collection_item" cascade;`);

    this.addSql(`drop table if exists "video_watch" cascade;`);

    this.addSql(`drop type "video_access";`);
    this.addSql(`drop type "video_purpose";`);
    this.addSql(`drop type "video_processing";`);
  }

}
