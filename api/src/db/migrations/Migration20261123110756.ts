import { Migration } from '@mikro-orm/migrations';

/** Invites for adult family members to create their own login (one per member, the link stored as a hash). */
export class Migration20261123110756 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "family_invite" ("id" uuid not null, "member_id" uuid not null, "invited_by_id" uuid not null, "email" varchar(254) not null, "token_hash" varchar(64) not null, "sent_at" timestamptz not null, "expires_at" timestamptz not null, "send_count" int not null default 1, "accepted_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "family_invite_pkey" primary key ("id"));`);
    this.addSql(`alter table "family_invite" add constraint "family_invite_member_id_unique" unique ("member_id");`);
    this.addSql(`create index "family_invite_invited_by_id_index" on "family_invite" ("invited_by_id");`);
    this.addSql(`alter table "family_invite" add constraint "family_invite_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "family_invite" add constraint "family_invite_member_id_foreign" foreign key ("member_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "family_invite" add constraint "family_invite_invited_by_id_foreign" foreign key ("invited_by_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "family_invite" cascade;`);
  }

}
