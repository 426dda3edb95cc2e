import { Migration } from '@mikro-orm/migrations';

export class Migration20261123185516 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "conversation" ("id" uuid not null, "kind" text check ("kind" in ('staff_room', 'family', 'direct', 'feedback')) not null, "singleton" varchar(20) null, "family_id" uuid null, "member_a_id" uuid null, "member_b_id" uuid null, "created_at" timestamptz not null default now(), "last_message_at" timestamptz null, constraint "conversation_pkey" primary key ("id"), constraint conversation_direct_ordered check (member_a_id < member_b_id), constraint conversation_people_fit_kind check ((kind = 'family') = (family_id is not null) and (kind = 'direct') = (member_a_id is not null and member_b_id is not null)));`);
    this.addSql(`alter table "conversation" add constraint "conversation_singleton_unique" unique ("singleton");`);
    this.addSql(`alter table "conversation" add constraint "conversation_family_id_unique" unique ("family_id");`);
    this.addSql(`create index "conversation_member_b_id_index" on "conversation" ("member_b_id");`);
    this.addSql(`alter table "conversation" add constraint "conversation_member_a_id_member_b_id_unique" unique ("member_a_id", "member_b_id");`);

    this.addSql(`create table "chat_presence" ("id" uuid not null, "user_id" uuid not null, "instance" varchar(64) not null, "connections" int not null, "seen_at" timestamptz not null, constraint "chat_presence_pkey" primary key ("id"));`);
    this.addSql(`create index "chat_presence_user_id_index" on "chat_presence" ("user_id");`);
    this.addSql(`alter table "chat_presence" add constraint "chat_presence_user_id_instance_unique" unique ("user_id", "instance");`);

    this.addSql(`create table "chat_message" ("id" uuid not null, "conversation_id" uuid not null, "author_id" uuid null, "body" text not null, "source" text check ("source" in ('chat', 'feedback')) not null default 'chat', "created_at" timestamptz not null default now(), "edited_at" timestamptz null, "deleted_at" timestamptz null, "deleted_by_id" uuid null, "search" tsvector generated always as (to_tsvector('english', body)) stored null, constraint "chat_message_pkey" primary key ("id"));`);
    this.addSql(`create index "chat_message_author_id_index" on "chat_message" ("author_id");`);
    this.addSql(`create index "chat_message_search_index" on "public"."chat_message" using gin("search");`);
    this.addSql(`create index "chat_message_conversation_id_created_at_id_index" on "chat_message" ("conversation_id", "created_at", "id");`);

    this.addSql(`create table "chat_read_state" ("id" uuid not null, "conversation_id" uuid not null, "user_id" uuid not null, "last_read_id" uuid not null, "up_to" timestamptz not null, "read_at" timestamptz not null, constraint "chat_read_state_pkey" primary key ("id"));`);
    this.addSql(`create index "chat_read_state_user_id_index" on "chat_read_state" ("user_id");`);
    this.addSql(`alter table "chat_read_state" add constraint "chat_read_state_conversation_id_user_id_unique" unique ("conversation_id", "user_id");`);

    this.addSql(`alter table "conversation" add constraint "conversation_family_id_foreign" foreign key ("family_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "conversation" add constraint "conversation_member_a_id_foreign" foreign key ("member_a_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "conversation" add constraint "conversation_member_b_id_foreign" foreign key ("member_b_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "chat_presence" add constraint "chat_presence_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "chat_message" add constraint "chat_message_conversation_id_foreign" foreign key ("conversation_id") references "conversation" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "chat_message" add constraint "chat_message_author_id_foreign" foreign key ("author_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "chat_message" add constraint "chat_message_deleted_by_id_foreign" foreign key ("deleted_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "chat_read_state" add constraint "chat_read_state_conversation_id_foreign" foreign key ("conversation_id") references "conversation" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "chat_read_state" add constraint "chat_read_state_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "chat_read_state" add constraint "chat_read_state_last_read_id_foreign" foreign key ("last_read_id") references "chat_message" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "chat_message" drop constraint "chat_message_conversation_id_foreign";`);

    this.addSql(`alter table "chat_read_state" drop constraint "chat_read_state_conversation_id_foreign";`);

    this.addSql(`alter table "chat_read_state" drop constraint "chat_read_state_last_read_id_foreign";`);

    this.addSql(`drop table if exists "conversation" cascade;`);

    this.addSql(`drop table if exists "chat_presence" cascade;`);

    this.addSql(`drop table if exists "chat_message" cascade;`);

    this.addSql(`drop table if exists "chat_read_state" cascade;`);
  }

}
