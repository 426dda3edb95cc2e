import { Migration } from '@mikro-orm/migrations';

export class Migration20261202155353 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "level_achievement" ("id" uuid not null, "student_id" uuid not null, "apparatus_id" uuid not null, "level" int not null, "by" text not null, "at" timestamptz not null default now(), constraint "level_achievement_pkey" primary key ("id"));`);
    this.addSql(`create index "level_achievement_at_index" on "level_achievement" ("at");`);
    this.addSql(`create index "level_achievement_student_id_at_index" on "level_achievement" ("student_id", "at");`);

    this.addSql(`alter table "level_achievement" add constraint "level_achievement_student_id_foreign" foreign key ("student_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "level_achievement" add constraint "level_achievement_apparatus_id_foreign" foreign key ("apparatus_id") references "apparatus" ("id") on update cascade on delete cascade;`);

    this.addSql(`create index "shop_order_created_at_index" on "shop_order" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "level_achievement" cascade;`);

    this.addSql(`drop index "shop_order_created_at_index";`);
  }

}
