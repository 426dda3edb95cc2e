import { Migration } from '@mikro-orm/migrations';

export class Migration20261202155040 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "member_merge" ("id" uuid not null, "kept_id" uuid not null, "merged_id" uuid not null, "by_id" uuid not null, "merged_at" timestamptz not null default now(), "moved" jsonb not null, constraint "member_merge_pkey" primary key ("id"));`);
    this.addSql(`alter table "member_merge" add constraint "member_merge_merged_id_unique" unique ("merged_id");`);
    this.addSql(`create index "member_merge_by_id_index" on "member_merge" ("by_id");`);
    this.addSql(`create index "member_merge_kept_id_index" on "member_merge" ("kept_id");`);

    this.addSql(`alter table "member_merge" add constraint "member_merge_kept_id_foreign" foreign key ("kept_id") references "app_user" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "member_merge" add constraint "member_merge_merged_id_foreign" foreign key ("merged_id") references "app_user" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "member_merge" add constraint "member_merge_by_id_foreign" foreign key ("by_id") references "app_user" ("id") on update cascade on delete restrict;`);
    // Hand-written: waiver signatures stay immutable, except that merging two accounts of one person re-points who a
    // signature is for or by, from the duplicate the merge's transaction names in studio.merging_member; nothing else
    // of the signature may change.
    this.addSql(`create or replace function "waiver_signature_immutable"() returns trigger language plpgsql as $$
      declare merging text := nullif(current_setting('studio.merging_member', true), '');
      begin
        if tg_op = 'UPDATE' and merging is not null
           and (new.signed_for_id = old.signed_for_id or old.signed_for_id::text = merging)
           and (new.signed_by_id = old.signed_by_id or old.signed_by_id::text = merging)
           and (to_jsonb(new) - 'signed_for_id' - 'signed_by_id') = (to_jsonb(old) - 'signed_for_id' - 'signed_by_id') then
          return new;
        end if;
        raise exception 'waiver signatures cannot be changed or deleted';
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "member_merge" cascade;`);
    this.addSql(`create or replace function "waiver_signature_immutable"() returns trigger language plpgsql as $$
      begin raise exception 'waiver signatures cannot be changed or deleted'; end $$;`);
  }

}
