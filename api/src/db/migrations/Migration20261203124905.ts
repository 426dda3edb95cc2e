import { Migration } from '@mikro-orm/migrations';

export class Migration20261203124905 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "api_key" ("id" uuid not null, "name" varchar(80) not null, "scopes" text[] not null, "prefix" varchar(24) not null, "hash" varchar(64) not null, "trusted_documents" text[] null, "created_by_id" uuid null, "integration_user_id" uuid not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz null, "revoked_at" timestamptz null, "last_used_at" timestamptz null, "last_used_ip" varchar(64) null, "bucket_points" double precision not null, "bucket_at" timestamptz not null default now(), constraint "api_key_pkey" primary key ("id"));`);
    this.addSql(`alter table "api_key" add constraint "api_key_prefix_unique" unique ("prefix");`);
    this.addSql(`alter table "api_key" add constraint "api_key_integration_user_id_unique" unique ("integration_user_id");`);

    this.addSql(`alter table "api_key" add constraint "api_key_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "api_key" add constraint "api_key_integration_user_id_foreign" foreign key ("integration_user_id") references "app_user" ("id") on update cascade on delete restrict;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_key" cascade;`);
  }

}
