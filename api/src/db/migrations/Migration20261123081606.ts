import { Migration } from '@mikro-orm/migrations';

export class Migration20261123081606 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "user_session" ("id" uuid not null, "user_id" uuid not null, "device" varchar(120) not null, "ip" varchar(64) null, "token_version" int not null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz not null default now(), "expires_at" timestamptz not null, "revoked_at" timestamptz null, constraint "user_session_pkey" primary key ("id"));`);
    this.addSql(`create index "user_session_user_id_index" on "user_session" ("user_id");`);

    this.addSql(`alter table "user_session" add constraint "user_session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "user_session" cascade;`);
  }

}
