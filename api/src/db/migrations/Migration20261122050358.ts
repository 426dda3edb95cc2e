import { Migration } from '@mikro-orm/migrations';

export class Migration20261122050358 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "landing_page_config" ("id" int not null default 1 primary key, "announcement_enabled" boolean not null default false, "announcement_text" varchar(500) not null default '', "hero_title" varchar(120) not null, "hero_subtitle" varchar(300) not null, "hero_cta" varchar(60) not null, "hero_cta_link" varchar(500) not null, "hero_background_image" varchar(1000) not null default '', "primary_color" varchar(7) not null, "secondary_color" varchar(7) not null, "features_title" varchar(120) not null, "features_subtitle" varchar(300) not null, "features_content" jsonb not null, "social_links" jsonb not null, "updated_at" timestamptz not null default now());`);

    this.addSql(`create table "outbox_email" ("id" uuid not null, "to" varchar(254) not null, "subject" varchar(300) not null, "text" text not null, "kind" varchar(64) not null, "status" text check ("status" in ('pending', 'sent', 'failed', 'held')) not null default 'pending', "attempts" int not null default 0, "last_error" text null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null, constraint "outbox_email_pkey" primary key ("id"));`);
    this.addSql(`create index "outbox_email_status_created_at_index" on "outbox_email" ("status", "created_at");`);

    this.addSql(`create table "app_user" ("id" uuid not null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "username" varchar(50) null, "email" varchar(254) null, "password_hash" text null, "role" text check ("role" in ('admin', 'instructor', 'teacher', 'parent', 'student')) not null default 'student', "birthday" date not null, "is_active" boolean not null default true, "token_version" int not null default 0, "guardian_id" uuid null, "removed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "app_user_pkey" primary key ("id"));`);
    this.addSql(`create index "app_user_guardian_id_index" on "app_user" ("guardian_id");`);
    this.addSql(`create unique index "app_user_email_lower_uq" on "app_user" (lower("email"));`);
    this.addSql(`create unique index "app_user_username_lower_uq" on "app_user" (lower("username"));`);

    this.addSql(`create table "password_reset_token" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "password_reset_token_pkey" primary key ("id"));`);
    this.addSql(`create index "password_reset_token_user_id_index" on "password_reset_token" ("user_id");`);
    this.addSql(`alter table "password_reset_token" add constraint "password_reset_token_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "waiver_document" ("id" uuid not null, "document_id" varchar(64) not null, "version" int not null, "title" varchar(200) not null, "last_updated" date not null, "sections" jsonb not null, "published_at" timestamptz not null default now(), constraint "waiver_document_pkey" primary key ("id"));`);
    this.addSql(`alter table "waiver_document" add constraint "waiver_document_document_id_version_unique" unique ("document_id", "version");`);

    this.addSql(`create table "waiver_signature" ("id" uuid not null, "document_id" uuid not null, "signed_for_id" uuid not null, "signed_by_id" uuid not null, "signed_at" timestamptz not null default now(), "ip" varchar(64) null, "user_agent" varchar(512) null, constraint "waiver_signature_pkey" primary key ("id"));`);
    this.addSql(`create index "waiver_signature_signed_for_id_document_id_index" on "waiver_signature" ("signed_for_id", "document_id");`);

    this.addSql(`alter table "app_user" add constraint "app_user_guardian_id_foreign" foreign key ("guardian_id") references "app_user" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "password_reset_token" add constraint "password_reset_token_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "waiver_signature" add constraint "waiver_signature_document_id_foreign" foreign key ("document_id") references "waiver_document" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "waiver_signature" add constraint "waiver_signature_signed_for_id_foreign" foreign key ("signed_for_id") references "app_user" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "waiver_signature" add constraint "waiver_signature_signed_by_id_foreign" foreign key ("signed_by_id") references "app_user" ("id") on update cascade on delete restrict;`);
    // Hand-written: constraints and structures the entity decorators cannot express.
    this.addSql(`alter table "landing_page_config" add constraint "landing_page_config_single_row" check ("id" = 1);`);
    this.addSql(`alter table "app_user" add constraint "app_user_login_complete" check (("username" is null) = ("password_hash" is null));`);
    this.addSql(`alter table "app_user" add constraint "app_user_not_own_guardian" check ("guardian_id" <> "id");`);
    // Waiver signatures are legal records: never changed, never deleted.
    this.addSql(`create function "waiver_signature_immutable"() returns trigger language plpgsql as $$
      begin raise exception 'waiver signatures cannot be changed or deleted'; end $$;`);
    this.addSql(`create trigger "waiver_signature_no_update_delete" before update or delete on "waiver_signature"
      for each row execute function "waiver_signature_immutable"();`);
    // Shared counters for rate limits (rate-limiter-flexible's layout), so every API instance sees the same counts.
    this.addSql(`create table "rate_limit" ("key" varchar(255) primary key, "points" integer not null default 0, "expire" bigint);`);
  }

  override async down(): Promise<void> {
    for (const table of ['rate_limit', 'waiver_signature', 'waiver_document', 'password_reset_token', 'app_user', 'outbox_email', 'landing_page_config']) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
    this.addSql(`drop function if exists "waiver_signature_immutable"();`);
  }

}
